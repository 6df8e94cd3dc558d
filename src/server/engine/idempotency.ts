import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/index.js';
import type { EngineResponse } from '../answers/response.js';

interface Entry {
  fingerprint: string;
  /** The operation of the first request with this key. */
  operationId: string;
  /** Absent while the first request with this key is still being answered. */
  response?: EngineResponse;
  expiresAt: number;
}

export type IdempotencyBegin =
  /** Run the request, its answer kept under `scope` (the one begun, or another a store chose); undefined: not kept. */
  | { kind: 'new'; scope: string | undefined }
  | { kind: 'replay'; response: EngineResponse }
  | { kind: 'conflict'; reason: 'in-flight' }
  /** `sameOperation`: the key was sent with another body (or path) to the same operation, else to another one. */
  | { kind: 'conflict'; reason: 'mismatch'; sameOperation: boolean };

/** What makes two requests "the same" (docs/decisions.md): operation, path parameters, JSON body. */
export function requestFingerprint(operationId: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${operationId}\n${canonicalJson(params)}\n${canonicalJson(body)}`)
    .digest('base64');
}

/**
 * The outcomes worth replaying: success, and answers about the state (404, 422). Refusals of the
 * request itself (400, 401, 403, 409, 429, 5xx) are forgotten so the caller can fix and retry.
 */
export function isRememberedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 404 || status === 422;
}

/** What the idempotency step asks of the keys it keeps (`IdempotencyStore`, or a layer around one). */
export interface IdempotencyKeys {
  /** How a request under `scope` (its API key and Idempotency-Key) with `fingerprint` is answered. */
  begin(scope: string, fingerprint: string, now: number, operationId: string): IdempotencyBegin;
  /** Keeps the answer of a request begun under `scope`, or releases the key. */
  finish(scope: string, response: EngineResponse | undefined, now: number): void;
  clear(): void;
}

/**
 * Idempotency keys, scoped per API key, each kept for `ttlMs` after its answer, and at most
 * `maxAnswers` answers at once: past that the oldest are forgotten first, as if their time had
 * passed (an answer is up to a record's size, so without a bound new keys would hold any amount).
 */
export class IdempotencyStore implements IdempotencyKeys {
  readonly #entries = new Map<string, Entry>();
  #answers = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxAnswers: number,
  ) {}

  static scopeOf(keyId: string, idempotencyKey: string): string {
    return `${keyId}\n${idempotencyKey}`;
  }

  begin(scope: string, fingerprint: string, now: number, operationId = ''): IdempotencyBegin {
    this.#sweep(now);
    const entry = this.#entries.get(scope);
    if (entry && entry.expiresAt > now) {
      if (!entry.response) return { kind: 'conflict', reason: 'in-flight' };
      if (entry.fingerprint !== fingerprint)
        return { kind: 'conflict', reason: 'mismatch', sameOperation: entry.operationId === operationId };
      return { kind: 'replay', response: entry.response };
    }
    this.#forget(scope);
    this.#entries.set(scope, { fingerprint, operationId, expiresAt: Number.POSITIVE_INFINITY });
    return { kind: 'new', scope };
  }

  /**
   * Keeps the answer of a request begun with `begin`, or releases the key when the answer is not
   * remembered (or there is none, after an unexpected fault).
   */
  finish(scope: string, response: EngineResponse | undefined, now: number): void {
    const entry = this.#entries.get(scope);
    if (!entry) return;
    this.#forget(scope);
    if (!response || !isRememberedStatus(response.status)) return;
    // Re-inserted so that the map stays ordered by expiry, which lets #sweep stop early.
    this.#entries.set(scope, { ...entry, response, expiresAt: now + this.ttlMs });
    this.#answers++;
    if (this.#answers > this.maxAnswers) this.#forgetOldestAnswer();
  }

  clear(): void {
    this.#entries.clear();
    this.#answers = 0;
  }

  #forget(scope: string): void {
    if (this.#entries.get(scope)?.response) this.#answers--;
    this.#entries.delete(scope);
  }

  /** The answer nearest its expiry; a request still being answered keeps its key. */
  #forgetOldestAnswer(): void {
    for (const [scope, entry] of this.#entries) {
      if (entry.response) {
        this.#forget(scope);
        return;
      }
    }
  }

  #sweep(now: number): void {
    for (const [scope, entry] of this.#entries) {
      if (entry.expiresAt > now) return;
      this.#forget(scope);
    }
  }
}
