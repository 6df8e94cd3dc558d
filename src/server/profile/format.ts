/**
 * The service profile (version 2): what `verifyService` observed of a service where it differs
 * from the reference server, for the reference server to follow. Ours to design and version;
 * it holds field names, JSON types, codes, statuses and limits, never a record value or a key.
 */

export const PROFILE_FORMAT = 'loyalty-sdk/service-profile';
export const PROFILE_VERSION = 2;

/** Where a fact came from: the service's OpenAPI document, an answer to a probe, or our assumption. */
export type ProfileSource = 'document' | 'probe' | 'assumption';

export type ProfileJsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** The JSON type of a header's values as a profile names it: whole numbers, or any other text. */
export type ProfileHeaderType = 'integer' | 'string';

/** What a replayed request was answered: the original answer, or another (the request carried out again). */
export type ProfileReplayAnswer = 'the original' | 'another';

/** The numeric rules of a parameter a profile may carry. */
export interface ProfileLimitRules {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What every calibration names: the operation, and where the fact came from. */
export interface ProfileFactBase {
  /** The SDK's operation id. */
  operationId: string;
  source: ProfileSource;
}

/**
 * One calibration: how the service was seen to differ, as the reference server then answers.
 * - `field`: a field of a success's `data` (`location` as findings name it,
 *   `response.200.data[].fechaProgramada`) the SDK lacks (`added`), the service lacks
 *   (`missing`), or of other JSON types (`type`, `nullable`); `types` as observed.
 * - `error-code`: the `codigoRespuesta` of the refusals of a status.
 * - `details`: the form of `details` in the refusals of a status: our list of objects, or an
 *   object keyed by field name whose values are of `values`' types.
 * - `header`: an API header the service's answers to the operation lack (`present: false`;
 *   `operationId` null: to every operation, e.g. `Retry-After` on a 429 a sandbox burst met), or
 *   one they carry that ours do not (`present: true`, a request id or a rate-limit count under a
 *   name of the service's), with the JSON type of its values (`integer`: whole numbers, else `string`).
 * - `rate-limit` (`operationId` null): the requests a key is let through in a window before a
 *   429, and the whole seconds of that 429's `Retry-After` (null: none seen), as a sandbox burst
 *   met them.
 * - `limit`: the rules of a parameter (`request.body.titulo`) as the service's document declares
 *   them (`source: document`), or the upper bound a probe measured looser than ours (`source:
 *   probe`); `largestTried: true` when the service took even the largest value verify tries (the
 *   rule's value): no limit was found, and the reference server sets none there.
 * - `parameter`: a parameter's other rules as the service's document declares them (`type`,
 *   `pattern`, `enum`, `required`; null: not declared). The document says so; requests are
 *   checked by our rules still.
 * - `operation-missing`: the service lacks the operation (its document does not list it).
 * - `operation-extra` (`operationId` null): an operation the service's document lists and the SDK
 *   lacks: its `method`, `path` (`/ext/v3/clientes/{uid}/email`), the `name` its document gives
 *   it (`operationId`; null: none) and its `x-scope` (null: none). Only its document lists it.
 * - `status`: a request our rules refuse with `from`, whose `parameter` held `value` (a value
 *   verify made to break one rule, never a record's), the service refused with `status`.
 * - `idempotency`: how the service answered an Idempotency-Key it had seen, sent to the operation
 *   again (`repeat`): with the same body (`replay`: `status`, and whether `answer` was `the
 *   original` or `another`, the request carried out again), with another body (`other-body`) or
 *   after another operation (`other-operation`): `status` and `codigoRespuesta` (null: none), a
 *   2xx being the request carried out, as sandbox mode saw it.
 * - `scope`: the scope the service's document declares for the operation (`x-scope`, `source:
 *   document`), or the one its 403 named (`meta.requiredScope`, `source: probe`); the document or
 *   the 403 says so, requests are checked against our scope still.
 */
export type ProfileFact =
  | (ProfileFactBase & {
      kind: 'field';
      location: string;
      change: 'added' | 'missing' | 'type' | 'nullable';
      types: ProfileJsonType[];
    })
  | (ProfileFactBase & { kind: 'error-code'; status: number; codigoRespuesta: number })
  | (ProfileFactBase & { kind: 'details'; status: number; form: 'list' | 'keyed'; values: ProfileJsonType[] })
  | (Omit<ProfileFactBase, 'operationId'> & {
      kind: 'header';
      operationId: string | null;
      header: string;
      present: false;
    })
  | (Omit<ProfileFactBase, 'operationId'> & {
      kind: 'header';
      operationId: string | null;
      header: string;
      present: true;
      type: ProfileHeaderType;
    })
  | (Omit<ProfileFactBase, 'operationId'> & {
      kind: 'rate-limit';
      operationId: null;
      requests: number;
      retryAfter: number | null;
    })
  | (ProfileFactBase & {
      kind: 'limit';
      parameter: string;
      rules: ProfileLimitRules;
      /** A probe's: the service took every value tried, up to the rule's value, the largest verify tries. */
      largestTried?: true;
    })
  | (ProfileFactBase & { kind: 'parameter'; parameter: string; declared: Record<string, unknown> })
  | (ProfileFactBase & { kind: 'operation-missing' })
  | (Omit<ProfileFactBase, 'operationId'> & {
      kind: 'operation-extra';
      operationId: null;
      method: string;
      path: string;
      name: string | null;
      scope: string | null;
    })
  | (ProfileFactBase & { kind: 'scope'; scope: string })
  | (ProfileFactBase & { kind: 'idempotency'; repeat: 'replay'; status: number; answer: ProfileReplayAnswer })
  | (ProfileFactBase & {
      kind: 'idempotency';
      repeat: 'other-body' | 'other-operation';
      status: number;
      codigoRespuesta: number | null;
    })
  | (ProfileFactBase & { kind: 'status'; parameter: string; value: unknown; from: number; status: number });

/** What a run observed that the reference server does not follow: counts, lists, names. */
export interface ProfileEntry {
  path: string;
  value: unknown;
  source: ProfileSource;
}

export interface ServiceProfile {
  format: typeof PROFILE_FORMAT;
  version: typeof PROFILE_VERSION;
  /** The service's origin; never the key. */
  origin: string;
  /** ISO 8601 instant. */
  measuredAt: string;
  sdkVersion: string;
  /** What the reference server follows. */
  calibrations: ProfileFact[];
  /** What else was observed (operations listed, scopes, API headers counted): for people, not followed. */
  entries: ProfileEntry[];
}
