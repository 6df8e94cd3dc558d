// @ts-check
// The reference server for bench:bulk, in a process of its own: the fleet plan's customers, each
// with the opening balance, and no rate limit nor record limit (the bench measures the client side).
import { createReferenceServer } from 'loyalty-sdk/server';
import { OPENING_BALANCE, uidOf } from '../../fleet/plan.mjs';

const customers = Number(process.argv[2] ?? 1_000);
const server = createReferenceServer({
  seed: 'empty',
  limits: {
    rateLimit: { limit: Number.POSITIVE_INFINITY },
    groupActionsPerMinute: Number.POSITIVE_INFINITY,
    maxRecords: Number.POSITIVE_INFINITY,
  },
});
for (let index = 0; index < customers; index++) {
  server.admin.createCustomer({ uid: uidOf(index), puntos: OPENING_BALANCE });
}
const url = await server.listen({ port: 0 });
console.log(url);
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
