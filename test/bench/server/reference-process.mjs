// @ts-check
// The reference server in a process of its own, so that the load generator's CPU is not its CPU.
// argv[2] = 'no-log': with its request log off (requestLog.size 0), to show what the log costs.
// argv[3]: the URL of another build's server entry (an earlier commit's: BENCH_AGAINST, see
// ../against-build.mjs).
const { createReferenceServer } = await import(process.argv[3] ?? 'loyalty-sdk/server');

const server = createReferenceServer({
  limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
  ...(process.argv[2] === 'no-log' ? { requestLog: { size: 0 } } : {}),
});
const url = await server.listen({ port: 0 });
console.log(url);
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
