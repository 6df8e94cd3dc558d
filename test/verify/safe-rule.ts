/**
 * Safe mode's rule, shared by the safety tests of both modes (sandbox mode sends all safe mode
 * sends, and its own writes): why a request may be sent, or undefined when it may not.
 */
import type { OperationDefinition } from '../../src/operations/define.js';
import { SCOPES, type Scope } from '../../src/operations/scopes.js';
import { validateRequest } from '../../src/operations/validate.js';
import { decodeWireParams } from '../../src/operations/wire.js';
import { matchRoute } from '../../src/server/engine/router.js';
import { type Received, SERVICE_KEY } from './service-under-test.js';

/** Why a request that is not a GET may be sent in safe mode; undefined when it may not. */
export function whyAllowed(request: Received, scopes: ReadonlySet<Scope>): string | undefined {
  if (request.method === 'GET') return 'a read';
  if (request.headers.apikey !== SERVICE_KEY) return 'carries no valid key';
  const route = matchRoute(request.method, request.path);
  if (route.kind !== 'operation') return 'names no operation';
  const operation = route.operation as OperationDefinition;
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
  return verdict.ok ? undefined : 'breaks a rule of the table';
}

export const ALL_SCOPES = new Set<Scope>(SCOPES);
