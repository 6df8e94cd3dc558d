/**
 * The exactly-once workload: customers and groups arranged through the admin helpers, a plan of
 * points movements, sending them through the SDK with bounded concurrency, and the checks of
 * balances, audit and history afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { LoyaltyClient } from 'loyalty-sdk';
import {
  type AuditEntry,
  FAULT_KINDS,
  type FaultOptions,
  type FaultReport,
  type ReferenceAdmin,
} from 'loyalty-sdk/server';
import { Dispatcher } from 'undici';
import { expect } from 'vitest';
import { pool } from '../support/reliability-harness.js';

export const CUSTOMERS = 100;
const GROUPS = 10;
export const OPENING_BALANCE = 10_000_000;

/**
 * `rate` of each kind (default 5%: about 24% of the requests get a fault, a storm's share being a
 * little lower); every request gets 0..10 ms more.
 */
export function everyKindOfFault(seed: number, rate = 0.05): FaultOptions {
  return {
    seed,
    latencyMs: [0, 10],
    rates: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, rate])),
    retryAfterSeconds: 1,
    stormLength: 5,
    stallMs: 5_000,
  };
}

/**
 * The SDK: enough retries for a run of faults, a timeout well below a stall (5 s) yet above what
 * an answer takes on a loaded machine (the unit run keeps both cores busy; at 250 ms a run of slow
 * answers exhausted the retries), and backoffs of a few milliseconds: what these runs test is
 * that each movement lands once, not how long the client waits (test/client/retry*.test.ts hold
 * the backoff's schedule). A 429 still waits its Retry-After.
 */
export const RESILIENT_CLIENT = {
  maxRetries: 10,
  timeoutMs: 1_000,
  retryBaseDelayMs: 1,
  retryMaxDelayMs: 10,
  logLevel: 'off',
} as const;

export type Movement =
  | { kind: 'single'; motivo: string; uid: string; puntos: number }
  | { kind: 'group'; motivo: string; grupoId: number; uids: readonly string[]; puntos: number };

export interface Fixture {
  uids: string[];
  groups: Map<number, readonly string[]>;
}

/** Customers with a high opening balance, and overlapping groups of 5 to 25 of them. */
export function arrange(admin: ReferenceAdmin, random: () => number): Fixture {
  const uids = Array.from({ length: CUSTOMERS }, (_, index) =>
    admin.createCustomer({ uid: `rel_${String(index).padStart(3, '0')}`, puntos: OPENING_BALANCE }),
  );
  const groups = new Map<number, readonly string[]>();
  for (let index = 0; index < GROUPS; index += 1) {
    const size = 5 + Math.floor(random() * 21);
    const members = [
      ...new Set(Array.from({ length: size }, () => uids[Math.floor(random() * CUSTOMERS)] ?? '')),
    ];
    groups.set(admin.createGroup({ uids: members }), members);
  }
  return { uids, groups };
}

/** `count` movements: 85% single, 15% group; half of them removals; each with a unique motivo. */
export function plan(count: number, fixture: Fixture, random: () => number, prefix: string): Movement[] {
  const groupIds = [...fixture.groups.keys()];
  return Array.from({ length: count }, (_, index): Movement => {
    const sign = random() < 0.5 ? -1 : 1;
    const motivo = `${prefix}-${index}`;
    if (random() < 0.15) {
      const grupoId = groupIds[Math.floor(random() * groupIds.length)] as number;
      const uids = fixture.groups.get(grupoId) ?? [];
      return { kind: 'group', motivo, grupoId, uids, puntos: sign * (1 + Math.floor(random() * 500)) };
    }
    const uid = fixture.uids[Math.floor(random() * fixture.uids.length)] as string;
    return { kind: 'single', motivo, uid, puntos: sign * (1 + Math.floor(random() * 10_000)) };
  });
}

/** One audit line per intended movement per customer: `motivo|uid|puntos`. */
export function intendedEntries(movements: readonly Movement[]): string[] {
  return movements.flatMap((movement) =>
    movement.kind === 'single'
      ? [`${movement.motivo}|${movement.uid}|${movement.puntos}`]
      : movement.uids.map((uid) => `${movement.motivo}|${uid}|${movement.puntos}`),
  );
}

export const auditLine = (entry: { motivo: string | null; uid: string; puntos: number }) =>
  `${entry.motivo}|${entry.uid}|${entry.puntos}`;

/** Each customer's balance once every movement is applied exactly once. */
export function intendedBalances(fixture: Fixture, movements: readonly Movement[]): Map<string, number> {
  const balances = new Map(fixture.uids.map((uid) => [uid, OPENING_BALANCE]));
  const removed = new Map(fixture.uids.map((uid) => [uid, 0]));
  for (const movement of movements) {
    for (const uid of movement.kind === 'single' ? [movement.uid] : movement.uids) {
      balances.set(uid, (balances.get(uid) ?? 0) + movement.puntos);
      if (movement.puntos < 0) removed.set(uid, (removed.get(uid) ?? 0) - movement.puntos);
    }
  }
  // Every removal is affordable in any order: no customer's removals add up to its opening balance.
  for (const total of removed.values()) expect(total).toBeLessThan(OPENING_BALANCE);
  return balances;
}

/** Sends every movement, `concurrency` at a time; resolves to the calls that failed (none expected). */
export async function send(
  client: LoyaltyClient,
  movements: readonly Movement[],
  concurrency: number,
): Promise<string[]> {
  const failures: string[] = [];
  await pool(movements, concurrency, async (movement) => {
    try {
      if (movement.kind === 'single') {
        const data = await client.clientes.puntos.add(movement.uid, {
          puntos: movement.puntos,
          motivo: movement.motivo,
        });
        expect(data).toMatchObject({ uid: movement.uid, puntos: movement.puntos });
      } else {
        const data = await client.grupos.puntos.add(movement.grupoId, {
          puntos: movement.puntos,
          motivo: movement.motivo,
        });
        expect(data).toMatchObject({ afectados: movement.uids.length });
      }
    } catch (error) {
      failures.push(`${movement.motivo}: ${(error as Error).message}`);
    }
  });
  return failures;
}

export function totalInjected(report: FaultReport | undefined): number {
  return Object.values(report?.injected ?? {}).reduce((sum, count) => sum + count, 0);
}

/** Faults of every kind happened, on at least `share` of the requests. */
export function expectEveryKind(report: FaultReport | undefined, share: number): void {
  for (const kind of FAULT_KINDS) expect(report?.injected[kind], kind).toBeGreaterThan(0);
  expect(totalInjected(report) / (report?.requests ?? 1)).toBeGreaterThanOrEqual(share);
}

const sorted = (lines: readonly string[]) => [...lines].sort();

/**
 * Every balance is the opening balance plus the movements meant for that customer; the audit
 * holds exactly one entry per intended movement per customer and nothing else; each history
 * (read through the SDK) agrees with the audit and with the balance.
 */
export async function expectExactlyOnce(
  admin: ReferenceAdmin,
  client: LoyaltyClient,
  fixture: Fixture,
  movements: readonly Movement[],
): Promise<void> {
  const balances = intendedBalances(fixture, movements);
  for (const [uid, balance] of balances) expect(admin.customer(uid)?.puntos, uid).toBe(balance);

  const audit = admin.audit();
  const expected = intendedEntries(movements);
  expect(audit).toHaveLength(expected.length);
  expect(sorted(audit.map(auditLine))).toEqual(sorted(expected));

  const shape = ({
    movimientoId,
    puntos,
    motivo,
    saldo,
    grupoId,
  }: Pick<AuditEntry, 'movimientoId' | 'puntos' | 'motivo' | 'saldo' | 'grupoId'>) => ({
    movimientoId,
    puntos,
    motivo,
    saldo,
    grupoId,
  });
  await pool(fixture.uids, 20, async (uid) => {
    const history = await client.clientes.puntos.list(uid);
    const [opening, ...moved] = history;
    expect(opening).toMatchObject({ puntos: OPENING_BALANCE, motivo: 'Saldo inicial' });
    expect(moved.map(shape)).toEqual(audit.filter((entry) => entry.uid === uid).map(shape));
    let running = 0;
    for (const movement of history) {
      running += movement.puntos;
      expect(movement.saldo).toBe(running);
    }
    expect(running).toBe(balances.get(uid));
  });
}

/** A naive client: it forgets its key between attempts, so every request carries a fresh Idempotency-Key. */
export class FreshKeyPerAttempt extends Dispatcher {
  constructor(readonly inner: Dispatcher) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const headers = Object.fromEntries(
      Object.entries(options.headers as Record<string, string>).filter(
        ([name]) => name.toLowerCase() !== 'idempotency-key',
      ),
    );
    headers['idempotency-key'] = randomUUID();
    return this.inner.dispatch({ ...options, headers }, handler);
  }

  override close(): Promise<void> {
    return this.inner.close();
  }

  override destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** One line of figures for docs/reliability.md. */
export function describeRun(report: FaultReport | undefined, movements: number): string {
  const injected = totalInjected(report);
  const requests = report?.requests ?? 0;
  return [
    `movements ${movements}`,
    `requests ${requests} (retries ${requests - movements})`,
    `faults ${injected} (${((100 * injected) / requests).toFixed(1)}%): ${JSON.stringify(report?.injected)}`,
    `delayed ${report?.delayed}`,
  ].join('; ');
}
