/**
 * What must hold after any sequence of requests, however hostile: no built-in prototype changed,
 * every balance equal to the sum of its history (each movement's `saldo` the running sum), no
 * balance below zero, and every audit entry one movement of its customer's history.
 */
import { API_PREFIX } from '../../src/operations/index.js';
import { DEMO_API_KEY, type Engine } from '../../src/server/internal.js';
import type { PuntosMovimiento } from '../../src/types.js';
import { POLLUTION_MARKER, PROTO_KEYS } from './arbitraries.js';

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
  Number: Number.prototype,
  Boolean: Boolean.prototype,
  Promise: Promise.prototype,
  Error: Error.prototype,
} as const;

type Snapshot = Record<string, Map<string | symbol, PropertyDescriptor>>;

/** Every own property (names, symbols, descriptors) of the built-in prototypes. */
export function snapshotPrototypes(): Snapshot {
  const snapshot: Snapshot = {};
  for (const [name, prototype] of Object.entries(PROTOTYPES)) {
    snapshot[name] = new Map(
      Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)!]),
    );
  }
  return snapshot;
}

/** The differences between two snapshots, one line each; empty when none changed. */
export function prototypeChanges(before: Snapshot, after: Snapshot = snapshotPrototypes()): string[] {
  const changes: string[] = [];
  for (const [name, was] of Object.entries(before)) {
    const now = after[name]!;
    for (const [key, descriptor] of now) {
      const old = was.get(key);
      if (!old) changes.push(`${name}.prototype gained ${String(key)}`);
      else if (old.value !== descriptor.value || old.get !== descriptor.get || old.set !== descriptor.set)
        changes.push(`${name}.prototype.${String(key)} was replaced`);
    }
    for (const key of was.keys()) if (!now.has(key)) changes.push(`${name}.prototype lost ${String(key)}`);
  }
  const probe: Record<string, unknown> = {};
  if (probe[POLLUTION_MARKER] !== undefined) changes.push(`({}).${POLLUTION_MARKER} is defined`);
  if (Object.getPrototypeOf(probe) !== Object.prototype) changes.push('({}) has another prototype');
  for (const key of PROTO_KEYS) {
    if (key !== '__proto__' && key !== 'constructor' && Object.hasOwn(Object.prototype, key))
      changes.push(`Object.prototype.${key} exists`);
  }
  return changes;
}

async function historyOf(engine: Engine, uid: string): Promise<PuntosMovimiento[] | undefined> {
  const response = await engine.handle({
    method: 'GET',
    path: `${API_PREFIX}/clientes/${encodeURIComponent(uid)}/puntos`,
    query: '',
    headers: { apikey: DEMO_API_KEY },
  });
  if (response.status === 404) return undefined;
  if (response.status !== 200)
    throw new Error(`history of ${JSON.stringify(uid)}: ${response.status} ${response.body}`);
  return (JSON.parse(response.body) as { data: PuntosMovimiento[] }).data;
}

/**
 * Checks the store through the admin helpers and the API. `uids` are the customers to look at
 * (the seed's and every one created); a uid that no longer exists (after a reset) is skipped.
 * Returns the problems found, one line each.
 */
export async function storeProblems(engine: Engine, uids: Iterable<string>): Promise<string[]> {
  const problems: string[] = [];
  const movementIds = new Map<string, number>();
  const checked = new Set<string>();
  for (const uid of new Set(uids)) {
    const customer = engine.admin.customer(uid);
    const history = await historyOf(engine, uid);
    if (!customer || !history) {
      if (customer || history)
        problems.push(`${JSON.stringify(uid)}: record and history disagree on existence`);
      continue;
    }
    checked.add(uid);
    if (Object.getPrototypeOf(customer) !== Object.prototype)
      problems.push(`${JSON.stringify(uid)}: odd prototype`);
    let running = 0;
    for (const movement of history) {
      running += movement.puntos;
      if (movement.uid !== uid)
        problems.push(`${movement.movimientoId} of ${JSON.stringify(uid)} names ${movement.uid}`);
      if (movement.saldo !== running)
        problems.push(`${movement.movimientoId}: saldo ${movement.saldo}, running sum ${running}`);
      movementIds.set(movement.movimientoId, movement.puntos);
    }
    if (customer.puntos !== running)
      problems.push(`${JSON.stringify(uid)}: balance ${customer.puntos}, history sums to ${running}`);
    if (!(customer.puntos >= 0))
      problems.push(`${JSON.stringify(uid)}: balance ${customer.puntos} below zero`);
  }
  for (const entry of engine.admin.audit()) {
    if (!checked.has(entry.uid)) continue;
    const puntos = movementIds.get(entry.movimientoId);
    if (puntos === undefined) problems.push(`audit ${entry.movimientoId} is in no history of ${entry.uid}`);
    else if (puntos !== entry.puntos)
      problems.push(`audit ${entry.movimientoId}: ${entry.puntos} vs history ${puntos}`);
  }
  return problems;
}
