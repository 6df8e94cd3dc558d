/**
 * Safe mode's rule, shared by the safety tests of both modes (sandbox mode sends all safe mode
 * sends, and its own writes): why a request may be sent, or undefined when it may not.
 */

import { SCOPES, type Scope } from '../../src/operations/scopes.js';
import type { Operation } from '../../src/operations/table.js';
import { validateRequest } from '../../src/operations/validate.js';
import { decodeWireParams } from '../../src/operations/wire.js';
import { matchRoute } from '../../src/server/engine/router.js';
import type { Store } from '../../src/server/state/store.js';
import { type Received, SERVICE_KEY } from './service-under-test.js';

/** Whether the service holds a record of a path parameter (`uid`, `grupoId`, ...) with this value. */
export type Holds = (name: string, value: string) => boolean;

/** What a reference engine holds, by path parameter name. */
export function heldBy(engine: { state: { data: { store: Store } } }): Holds {
  const { store } = engine.state.data;
  const maps: Record<string, Map<string, unknown> | Map<number, unknown>> = {
    uid: store.customers,
    grupoId: store.groups,
    regaloId: store.promotions,
    tareaId: store.tasks,
  };
  return (name, value) => {
    const map = maps[name];
    if (map === undefined) return true;
    return name === 'uid'
      ? (map as Map<string, unknown>).has(value)
      : (map as Map<number, unknown>).has(Number(value));
  };
}

/**
 * Why a request that is not a GET may be sent in safe mode; undefined when it may not. `holds`:
 * what the service holds, for the control rule's requests (valid, at a value in range), which are
 * safe because they are aimed at identifiers that name nothing (a read showed it first).
 */
export function whyAllowed(request: Received, scopes: ReadonlySet<Scope>, holds?: Holds): string | undefined {
  if (request.method === 'GET') return 'a read';
  if (request.headers.apikey !== SERVICE_KEY) return 'carries no valid key';
  const route = matchRoute(request.method, request.path);
  if (route.kind !== 'operation') return 'names no operation';
  const operation = route.operation as Operation;
  if (operation.scope !== null && !scopes.has(operation.scope)) return 'the key lacks the scope';
  const body = request.body === undefined ? undefined : JSON.parse(request.body);
  if (operation.groupAction && body?.dryRun === true) return 'a dry run';
  const params = Object.fromEntries(
    route.paramNames.map((name, index) => [name, decodeURIComponent(route.rawParams[index] as string)]),
  );
  const query = Object.fromEntries(new URLSearchParams(request.query));
  const verdict = validateRequest(operation, {
    params: operation.params ? decodeWireParams(operation.params, params) : params,
    query: operation.query ? decodeWireParams(operation.query, query) : query,
    body,
    idempotencyKey: request.headers['idempotency-key'],
  });
  if (!verdict.ok) return 'breaks a rule of the table';
  const aimed = Object.entries(params);
  if (holds && aimed.length > 0 && aimed.every(([name, value]) => !holds(name, value)))
    return 'aimed at a record the service does not hold';
  return undefined;
}

export const ALL_SCOPES = new Set<Scope>(SCOPES);
