// @ts-check
import { performance } from 'node:perf_hooks';
import { LoyaltyClient } from 'loyalty-sdk';

/**
 * Times a dry run and an applied points action on a group of `members` customers, each one
 * request through the SDK to a reference server over HTTP (`serverEntry`: the URL of another
 * build's server entry, BENCH_AGAINST's).
 * @param {number} members @param {string} [serverEntry]
 */
export async function timeGroupActions(members, serverEntry = 'loyalty-sdk/server') {
  const { createReferenceServer, DEMO_API_KEY } = await import(serverEntry);
  // An applied action makes one movement per member: more than the default maxRecords.
  const server = createReferenceServer({
    seed: 'empty',
    limits: { maxGroupSize: members, maxRecords: Number.POSITIVE_INFINITY },
  });
  const baseUrl = await server.listen({ port: 0 });
  try {
    const uids = Array.from({ length: members }, () => server.admin.createCustomer());
    const grupoId = server.admin.createGroup({ uids, nombre: 'bench' });
    const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0 });
    let start = performance.now();
    const preview = await client.grupos.puntos.add(grupoId, { puntos: 10, dryRun: true });
    const dryRunMs = performance.now() - start;
    start = performance.now();
    const applied = await client.grupos.puntos.add(grupoId, { puntos: 10, motivo: 'bench' });
    const appliedMs = performance.now() - start;
    if (preview.afectados !== members || applied.afectados !== members) {
      throw new Error(`expected ${members} affected, got ${preview.afectados} and ${applied.afectados}`);
    }
    const sample = server.admin.customer(/** @type {string} */ (uids[members - 1]));
    if (sample?.puntos !== 10) throw new Error(`the last member has ${sample?.puntos} points, not 10`);
    return { members, afectados: preview.afectados, dryRunMs, appliedMs };
  } finally {
    await server.close();
  }
}
