// @ts-check
// The reference server of the load test, from the built package, in a process of its own so that
// the load generator's CPU is not its CPU. Prints its base URL, stops when its stdin closes.
import { createReferenceServer } from 'loyalty-sdk/server';

const server = createReferenceServer({
  limits: {
    rateLimit: { limit: Number.POSITIVE_INFINITY },
    groupActionsPerMinute: Number.POSITIVE_INFINITY,
    // Seconds of writes at thousands a second: far past the default 10,000 records.
    maxRecords: Number.POSITIVE_INFINITY,
  },
});
const url = await server.listen({ port: 0 });
console.log(url);
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
