/**
 * The workload of the bulk suites: customers on an in-process reference server, a seeded plan of
 * point movements over them, the job that sends one movement per item, and the checks that each
 * movement was applied exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoyaltyClient } from 'loyalty-sdk';
import type { BulkCall, BulkOptions } from 'loyalty-sdk/bulk';
import { afterAll, expect } from 'vitest';
import { mulberry32 } from '../../src/server/faults/prng.js';
import { createTestClient, type ReferenceAdmin, type TestClientOptions } from '../../src/server/internal.js';

export const OPENING_BALANCE = 1_000_000;

export interface Movement {
  id: string;
  uid: string;
  puntos: number;
}

export interface Ledger {
  client: LoyaltyClient;
  admin: ReferenceAdmin;
  uids: string[];
}

/** A reference server holding `customers` customers, each with OPENING_BALANCE points. */
export async function openLedger(customers: number, options: TestClientOptions = {}): Promise<Ledger> {
  const { client, admin } = await createTestClient({
    seed: 'empty',
    ...options,
    client: { logLevel: 'off', ...options.client },
  });
  const uids = Array.from({ length: customers }, (_, index) =>
    admin.createCustomer({ uid: `bulk_${String(index).padStart(4, '0')}`, puntos: OPENING_BALANCE }),
  );
  return { client, admin, uids };
}

/** `count` movements of 1..500 points, added or removed, spread over the customers; the same for a seed. */
export function planMovements(count: number, uids: readonly string[], seed = 14): Movement[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, index) => {
    const size = 1 + Math.floor(random() * 500);
    return {
      id: `mv-${String(index).padStart(6, '0')}`,
      uid: uids[Math.floor(random() * uids.length)] as string,
      puntos: random() < 0.5 ? -size : size,
    };
  });
}

/** The one call per item: the movement, with the key and signal the job gives. */
export const accrue =
  (client: LoyaltyClient) =>
  (movement: Movement, call: BulkCall): Promise<unknown> =>
    client.clientes.puntos.add(movement.uid, { puntos: movement.puntos, motivo: movement.id }, call);

export const byId = { itemKey: (movement: Movement) => movement.id } satisfies Partial<BulkOptions<Movement>>;

/** Every balance is the opening balance plus its movements, and the audit holds each movement once. */
export function expectAppliedOnce(ledger: Ledger, movements: readonly Movement[]): void {
  const due = new Map(ledger.uids.map((uid) => [uid, OPENING_BALANCE]));
  for (const { uid, puntos } of movements) due.set(uid, (due.get(uid) ?? 0) + puntos);
  const balances = new Map(ledger.uids.map((uid) => [uid, ledger.admin.customer(uid)?.puntos]));
  expect(balances).toEqual(due);
  const audit = ledger.admin.audit();
  expect(audit).toHaveLength(movements.length);
  expect(new Set(audit.map((entry) => entry.motivo)).size).toBe(movements.length);
}

/** A fresh directory for checkpoint files, removed after the file's tests. */
export function scratchDirectory(): (name: string) => string {
  const directory = mkdtempSync(join(tmpdir(), 'loyalty-bulk-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  return (name) => join(directory, name);
}
