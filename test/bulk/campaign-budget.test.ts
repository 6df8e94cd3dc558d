/**
 * The campaign guard: a group action given a budget (a request option, or a bulk job's) runs its
 * dry run first and is applied only when its `afectados` and `costoEstimado` fit; a job's budget
 * counts all its group actions together, and the action that would pass it stops the job.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryLimiter, LoyaltyAbortError, LoyaltyBudgetError, LoyaltyError } from '../../src/index.js';
import { limitedEngine } from '../limits/limited-engine.js';

const GROUP_PATH = /\/grupos\/\d+\/puntos$/;

/** An engine with `groups` groups of `members` customers each, every balance 1,000. */
function campaign(groups: number, members: number, limits: Parameters<typeof limitedEngine>[0] = {}) {
  const engine = limitedEngine(limits);
  const groupIds = Array.from({ length: groups }, (_, group) =>
    engine.admin.createGroup({
      uids: Array.from({ length: members }, (_, member) =>
        engine.admin.createCustomer({ uid: `camp_${group}_${member}`, puntos: 1_000 }),
      ),
    }),
  );
  const balance = (group: number) => engine.admin.customer(`camp_${group}_0`)?.puntos;
  const groupCalls = () => engine.arrivals.filter((arrival) => GROUP_PATH.test(arrival.path));
  return { engine, groupIds, balance, groupCalls };
}

describe('the budget request option of a group action', () => {
  it('over budget: the dry run only, nothing applied, LoyaltyBudgetError with the figures', async () => {
    const { engine, groupIds, balance, groupCalls } = campaign(1, 3);
    const client = engine.client('A');
    const error = await client.grupos.puntos
      .add(groupIds[0] as number, { puntos: 50 }, { budget: { afectados: 2 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoyaltyBudgetError);
    expect(error).toMatchObject({ operationId: 'grupos.puntos.add', afectados: 3, costoEstimado: 150 });
    expect((error as Error).message).toContain('was not applied: its dry run reaches 3 customers');
    expect(balance(0)).toBe(1_000);
    expect(groupCalls()).toHaveLength(1);
  });

  it('within budget: the dry run, then the action applied with the caller key', async () => {
    const { engine, groupIds, balance, groupCalls } = campaign(1, 3);
    const response = await engine
      .client('A')
      .grupos.puntos.add(
        groupIds[0] as number,
        { puntos: 50 },
        { budget: { afectados: 3, costoEstimado: 150 }, idempotencyKey: 'campaign-2026-11-a' },
      )
      .withResponse();
    expect(response.data).toMatchObject({ dryRun: false, afectados: 3, costoEstimado: 150 });
    expect(response.idempotencyKey).toBe('campaign-2026-11-a');
    expect(balance(0)).toBe(1_050);
    expect(groupCalls()).toHaveLength(2);
  });

  it('compares costoEstimado in absolute value: removing points counts as much as granting them', async () => {
    const { engine, groupIds, balance } = campaign(1, 2);
    const removal = engine.client('A').grupos.puntos.add(
      groupIds[0] as number,
      { puntos: -100 },
      {
        budget: { costoEstimado: 150 },
      },
    );
    await expect(removal).rejects.toBeInstanceOf(LoyaltyBudgetError);
    expect(balance(0)).toBe(1_000);
  });

  it('a call that is itself a dry run is sent once, as it is', async () => {
    const { engine, groupIds, groupCalls } = campaign(1, 3);
    const data = await engine
      .client('A')
      .grupos.puntos.add(groupIds[0] as number, { puntos: 50, dryRun: true }, { budget: { afectados: 1 } });
    expect(data).toMatchObject({ dryRun: true, afectados: 3 });
    expect(groupCalls()).toHaveLength(1);
  });

  it.each([
    [{ afectados: -1 }, 'budget.afectados must be a non-negative number, got -1'],
    [{ costo: 5 }, 'Unknown budget field "costo": the budget has afectados and costoEstimado'],
  ])('refuses a budget of %j before sending anything', async (budget, message) => {
    const { engine, groupIds, groupCalls } = campaign(1, 1);
    const call = engine
      .client('A')
      .grupos.puntos.add(groupIds[0] as number, { puntos: 5 }, { budget } as never);
    await expect(call).rejects.toThrow(message);
    expect(groupCalls()).toHaveLength(0);
  });

  it('is refused on an operation that is not a group action', async () => {
    const { engine } = campaign(1, 1);
    const call = engine
      .client('A')
      .clientes.puntos.add('camp_0_0', { puntos: 5 }, { budget: { afectados: 1 } });
    await expect(call).rejects.toBeInstanceOf(LoyaltyError);
    await expect(call).rejects.toThrow(
      'budget applies to group actions (grupos.puntos.add, grupos.etiquetas.add)',
    );
    expect(engine.count()).toBe(0);
  });
});

describe('the budget of a bulk job', () => {
  it("counts the job's group actions together and stops the job at the one that would pass it", async () => {
    const { engine, groupIds, balance } = campaign(4, 3);
    const client = engine.client('A');
    const job = client.bulk(
      groupIds,
      (grupoId, call) => client.grupos.puntos.add(grupoId, { puntos: 10 }, call),
      {
        jobId: 'campaign-budget',
        itemKey: (grupoId) => grupoId,
        concurrency: 1,
        budget: { costoEstimado: 70 },
      },
    );
    const error = await job.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoyaltyBudgetError);
    expect(error).toMatchObject({ costoEstimado: 30, spent: { afectados: 6, costoEstimado: 60 } });
    expect([0, 1, 2, 3].map(balance)).toEqual([1_010, 1_010, 1_000, 1_000]);
  });

  it('is ignored by the calls of a job that are not group actions', async () => {
    const { engine } = campaign(1, 2);
    const client = engine.client('A');
    const summary = await client.bulk(
      ['camp_0_0', 'camp_0_1'],
      (uid, call) => client.clientes.puntos.add(uid, { puntos: 5 }, call),
      { jobId: 'campaign-ignored', itemKey: (uid) => uid, budget: { costoEstimado: 1 } },
    );
    expect(summary).toMatchObject({ succeeded: 2, failed: 0 });
  });

  it('is checked with the other options, before anything is read', async () => {
    const { engine } = campaign(1, 1);
    const client = engine.client('A');
    const job = client.bulk([1], async () => undefined, {
      jobId: 'campaign-options',
      itemKey: (item) => item,
      budget: { costoEstimado: Number.NaN },
    });
    await expect(job).rejects.toThrow('budget.costoEstimado must be a non-negative number, got NaN');
  });

  it('keeps to groupActionsPerMinute: dry runs and actions both take group tokens, and the third action waits', async () => {
    const { engine, groupIds, groupCalls } = campaign(3, 2, { groupActionsPerMinute: 4 });
    const limiter = createMemoryLimiter({ requestsPerSecond: 100, groupActionsPerMinute: 4 });
    const client = engine.client('A', { limiter });
    const job = client.bulk(
      groupIds,
      (grupoId, call) => client.grupos.puntos.add(grupoId, { puntos: 1 }, call),
      {
        jobId: 'campaign-rate',
        itemKey: (grupoId) => grupoId,
        concurrency: 1,
        budget: { afectados: 100 },
        signal: AbortSignal.timeout(1_500),
      },
    );
    await expect(job).rejects.toBeInstanceOf(LoyaltyAbortError);
    expect(groupCalls()).toHaveLength(4);
    expect(groupCalls().filter((arrival) => arrival.status === 429)).toHaveLength(0);
  });
});
