// @ts-check
// The reference server in a process of its own, so that the load generator's CPU is not its CPU.
import { createReferenceServer } from 'loyalty-sdk/server';

const server = createReferenceServer({ limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } } });
const url = await server.listen({ port: 0 });
console.log(url);
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
