// @ts-check
// Run with node --expose-gc by bench:server: the heap a full request log holds. The same 1,000
// requests (reads and keyed writes, alternating) go to two in-process servers, one with the log
// (default size 1,000) and one without; the difference of their heaps after a full collection
// is what the log keeps. Prints one JSON line. argv[2]: the URL of another build's server entry
// (BENCH_AGAINST's).
const { createTestClient } = await import(process.argv[2] ?? 'loyalty-sdk/server');

const ENTRIES = 1_000;
const gc = /** @type {() => void} */ (globalThis.gc);

/** @param {boolean} logged */
async function heapAfterRequests(logged) {
  const { client, admin } = await createTestClient(logged ? {} : { requestLog: { size: 0 } });
  for (let index = 0; index < ENTRIES; index++) {
    if (index % 2) await client.clientes.retrieve('cli_0001');
    else
      await client.clientes.puntos.add(
        'cli_0002',
        { puntos: 1, motivo: `Compra ${index}` },
        { idempotencyKey: `memory-${index}` },
      );
  }
  gc();
  gc();
  const heap = process.memoryUsage().heapUsed;
  return { heap, kept: admin.requests().length, client };
}

const without = await heapAfterRequests(false);
const withLog = await heapAfterRequests(true);
process.stdout.write(
  `${JSON.stringify({ entries: withLog.kept, bytes: withLog.heap - without.heap, keptWithout: without.kept })}\n`,
);
