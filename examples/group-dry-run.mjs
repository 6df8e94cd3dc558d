// @ts-check
// Group points with a dry run first: preview how many customers an action reaches and what it
// costs, compare that with the campaign's budget, apply only what fits, then check the balances.
//
// Groups come from the service's segment evaluation, which this API does not expose; the
// reference server's admin route (POST /__admin/grupos) stands in for it. So this example needs
// the reference server: the embedded one (default) or `npx loyalty serve` named by
// LOYALTY_BASE_URL and LOYALTY_API_KEY.
//
// Run: node examples/group-dry-run.mjs
import assert from 'node:assert/strict';
import { LoyaltyClient } from 'loyalty-sdk';
import { target } from './lib/target.mjs';

const { baseUrl, apiKey, embedded, close } = await target();
console.log(embedded ? `Started the reference server at ${baseUrl}` : `Using ${baseUrl}`);

const client = new LoyaltyClient({ apiKey, baseUrl });

/**
 * Stands in for segment evaluation: asks the reference server for a group of these customers.
 * @param {string[]} uids
 * @returns {Promise<number>}
 */
async function createGroup(uids) {
  const response = await fetch(new URL('/__admin/grupos', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uids }),
  });
  if (!response.ok) {
    throw new Error(
      `POST /__admin/grupos answered ${response.status}: this example needs the reference server's admin routes`,
    );
  }
  const { data } = /** @type {{ data: { grupoId: number } }} */ (await response.json());
  return data.grupoId;
}

/** @param {readonly string[]} uids */
async function balances(uids) {
  const clientes = await Promise.all(uids.map((uid) => client.clientes.retrieve(uid, { completo: false })));
  return clientes.map((cliente) => cliente.puntos);
}

try {
  // Three customers with different opening balances.
  const run = Date.now().toString(36);
  const uids = [];
  for (const [index, opening] of [100, 300, 50].entries()) {
    const { uid } = await client.clientes.create({
      usuarioData: { nombre: `Cliente ${index + 1}`, email: `campaign.${run}.${index + 1}@example.com` },
    });
    await client.clientes.puntos.add(uid, { puntos: opening, motivo: 'Opening balance' });
    uids.push(uid);
  }
  const grupoId = await createGroup(uids);
  await client.grupos.nombre.set(grupoId, { nombre: 'Spring campaign' });
  const before = await balances(uids);
  console.log(`Group ${grupoId} "Spring campaign": ${uids.join(', ')} with balances ${before.join(', ')}`);

  const budget = 1_000;
  let spent = 0;
  console.log(`Campaign budget: ${budget} points`);

  /**
   * Previews a grant to every member, and applies it only when it fits in what is left.
   * @param {number} puntos points per member
   */
  async function grant(puntos) {
    const preview = await client.grupos.puntos.add(grupoId, {
      puntos,
      motivo: 'Spring campaign',
      dryRun: true,
    });
    const left = budget - spent;
    console.log(
      `\nDry run +${puntos} each: dryRun ${preview.dryRun}, afectados ${preview.afectados}, costoEstimado ${preview.costoEstimado} (budget left ${left})`,
    );
    assert.equal(preview.dryRun, true);
    assert.equal(preview.afectados, uids.length);
    assert.equal(preview.costoEstimado, puntos * uids.length);
    if (preview.costoEstimado > left) {
      console.log('  over budget: not applied');
      return undefined;
    }
    const { data: applied, idempotencyKey } = await client.grupos.puntos
      .add(
        grupoId,
        { puntos, motivo: 'Spring campaign' },
        // One key per campaign step: a re-run of this script step applies nothing new.
        { idempotencyKey: `spring-${run}-grupo-${grupoId}-${puntos}` },
      )
      .withResponse();
    spent += applied.costoEstimado;
    console.log(
      `  applied (key ${idempotencyKey}): dryRun ${applied.dryRun}, afectados ${applied.afectados}, cost ${applied.costoEstimado}; spent ${spent}`,
    );
    assert.equal(applied.dryRun, false);
    assert.equal(applied.afectados, preview.afectados);
    return applied;
  }

  // The dry run alone changes nothing.
  await client.grupos.puntos.add(grupoId, { puntos: 250, dryRun: true });
  assert.deepEqual(await balances(uids), before, 'a dry run moves no points');

  assert.ok(await grant(250), 'the first grant fits the budget');
  const afterFirst = await balances(uids);
  console.log(`  balances now ${afterFirst.join(', ')}`);
  assert.deepEqual(
    afterFirst,
    before.map((puntos) => puntos + 250),
  );

  assert.equal(await grant(500), undefined, 'the second grant is over budget');
  assert.deepEqual(await balances(uids), afterFirst, 'a refused grant moves no points');
  console.log(`  balances still ${afterFirst.join(', ')}`);

  for (const uid of uids) {
    const history = await client.clientes.puntos.list(uid);
    const campaign = history.filter((entry) => entry.grupoId === grupoId);
    assert.equal(campaign.length, 1, `${uid} received one campaign movement`);
  }
  console.log(`\nDone: ${spent} of ${budget} points spent; every member received exactly one movement.`);
} finally {
  await close();
}
