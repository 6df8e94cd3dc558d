import { randomBytes } from 'node:crypto';
import type { Scope } from '../operations/scopes.js';
import { createReferenceEngine, type ReferenceServerOptions } from '../server/internal.js';
import { answerOf, type ProbeAnswer } from './answer.js';
import type { Probe } from './probe.js';
import { type Found, wireRequest } from './request.js';

/** Where the reference engine pretends to be served; its document names it, nothing else does. */
const REFERENCE_BASE_URL = 'http://reference.invalid';

/** The expectation: an in-process reference engine whose one key holds the scopes the service's key holds. */
export interface ReferenceTarget {
  send(probe: Probe, found?: Found): Promise<ProbeAnswer>;
}

/**
 * `overrides`: the profile it follows; limits and a clock of its own (the sandbox burst's
 * expectation). By default no profile and no limit.
 */
export function createReferenceTarget(
  scopes: readonly Scope[],
  overrides: Pick<ReferenceServerOptions, 'profile' | 'limits' | 'now'> = {},
): ReferenceTarget {
  // A key of this run only: the service's key never reaches the engine.
  const key = `verify-reference-${randomBytes(12).toString('hex')}`;
  const engine = createReferenceEngine({
    keys: [{ key, scopes }],
    limits: {
      rateLimit: { limit: Number.POSITIVE_INFINITY },
      groupActionsPerMinute: Number.POSITIVE_INFINITY,
    },
    requestLog: { size: 0 },
    ...overrides,
  });
  return {
    async send(probe, found) {
      const wire = wireRequest(probe, '/ext/v3', found, key);
      const [path = '', query = ''] = wire.path.split(/\?(.*)/s, 2);
      const response = await engine.handle({
        method: wire.method,
        path,
        query,
        headers: wire.headers,
        body: wire.body,
        baseUrl: REFERENCE_BASE_URL,
      });
      return answerOf(response.status, response.headers, response.body);
    },
  };
}
