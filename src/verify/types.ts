import type { Dispatcher } from 'undici';
import type { OperationId } from '../operations/table.js';
import type { ServiceProfile } from '../server/profile/format.js';

export type { OperationId };

export type VerifyMode = 'safe' | 'sandbox';
export type Verdict = 'agrees' | 'differs' | 'unverified';
export type FindingKind =
  | 'operation-missing'
  | 'operation-extra'
  | 'scope'
  | 'parameter'
  | 'field-added'
  | 'field-missing'
  | 'field-type'
  | 'field-nullable'
  | 'status'
  | 'error-code'
  | 'error-shape'
  | 'header'
  | 'limit'
  | 'idempotency'
  | 'value';
export type Severity = 'breaking' | 'differs' | 'info';

/**
 * Whose rule a finding holds the service to: `spec`, a rule the spec states (`rule` quotes it in
 * one line); `reference`, a decision of the reference server where the spec is silent
 * (docs/decisions.md; `rule` may say it in one line).
 */
export type FindingBasis = 'spec' | 'reference';

/** One difference between the service and the SDK (or the reference server following it). */
export interface Finding {
  kind: FindingKind;
  /** The SDK's operation id, or null for the service as a whole. */
  operationId: OperationId | null;
  /** Where, dotted: `response.200.data.etiquetas`, `request.body.titulo`, `header.Retry-After`. */
  location: string;
  /** What the SDK and the reference server do: types, codes, shapes; never a record's values. */
  expected: unknown;
  /** What the service did, under the same rule. */
  observed: unknown;
  severity: Severity;
  basis: FindingBasis;
  /** With `basis: 'spec'`, the spec's rule in one line; with `reference`, the decision, when said. */
  rule?: string;
  /** A curl command line, the key as `$LOYALTY_API_KEY`, identifiers only from `samples`. */
  reproduce: string;
}

/** Identifiers the probes may read; the only identifiers a report ever shows. */
export interface Samples {
  uid?: string[];
  grupoId?: number[];
  regaloId?: number[];
  tareaId?: number[];
}

/** Why a request was sent; `write` and `burst` only in sandbox mode. */
export type ProbePurpose = 'discovery' | 'read' | 'refusal' | 'dry-run' | 'write' | 'burst';

/** A request a run sent to the service (never the ones sent to the in-process reference engine). */
export interface SentRequest {
  method: string;
  /** Path and query; an identifier found by an earlier read shows as its `{placeholder}`. */
  path: string;
  purpose: ProbePurpose;
  /** Null: no answer came. */
  status: number | null;
  durationMs: number;
}

/**
 * How a check of an operation was settled. `inconclusive`: it ran, and the answers could not
 * decide (a control refused itself, or answered otherwise in a way that proves nothing): never a
 * finding, never a calibration. `unsafe`: not sent, as it could change the service: a create in
 * safe mode, a write whose identifiers no direct read showed to name nothing (404), or any write
 * expecting a refusal after the service carried one out.
 */
export type CoverageOutcome = 'observed' | 'inferred' | 'assumed' | 'skipped' | 'inconclusive' | 'unsafe';

export interface CoverageCheck {
  check: string;
  outcome: CoverageOutcome;
  /** The same as `outcome`, by the name the contract gives it (`how: 'inconclusive'`). */
  how: CoverageOutcome;
  note?: string;
}

export interface Coverage {
  operationId: OperationId;
  checks: CoverageCheck[];
}

/**
 * What a run learned of the service, with where each fact came from (version 2): the
 * calibrations the reference server follows, and what else was observed. The format is the
 * reference server's (`loyalty-sdk/server` exports it too).
 */
export type {
  ProfileEntry,
  ProfileFact,
  ProfileFactBase,
  ProfileJsonType,
  ProfileLimitRules,
  ProfileSource,
  ServiceProfile,
} from '../server/profile/format.js';

/**
 * Why a run could not judge the service, when it could not (the verdict is then `unverified`):
 * - `unreachable`: no answer (DNS, refused connection, TLS), or a probe past `timeoutMs` (the run
 *   stops at the first); the CLI exits 7.
 * - `unauthorized`: the service refused the key (401, or 403 on its OpenAPI document); the CLI exits 3.
 * - `not-api`: an answer that is not JSON (an HTML page, plain text).
 * - `not-envelope`: JSON, but not the API's envelope.
 * - `gateway`: a proxy or gateway answered (502, 503, 504 without the envelope).
 * - `no-scope`: the key may call no operation but the OpenAPI document.
 * - `rate-limited`: the service answered 429; safe mode stops at the first.
 * - `no-answers`: no probe after discovery got an answer in the envelope.
 */
export type VerifyFailure =
  | 'unreachable'
  | 'unauthorized'
  | 'not-api'
  | 'not-envelope'
  | 'gateway'
  | 'no-scope'
  | 'rate-limited'
  | 'no-answers';

/**
 * What a sandbox run created or changed on the service, by id (ids the run made, never a sample's
 * record values): a `customer` (id: its uid), a `movement` of points (id: movimientoId, `on` the
 * customer's uid), a `tag` added to the customers of a group (id: the tag, `on` the grupoId).
 */
export interface CreatedRecord {
  kind: 'customer' | 'movement' | 'tag';
  id: string | number;
  /** The operation whose answer made it. */
  operationId: OperationId;
  on?: string | number;
}

/** A write verify sent expecting a refusal, which the service answered 2xx; no key, no record value. */
export interface WriteAccepted {
  method: string;
  /** Path and query as sent (verify's own identifiers; one an earlier read found shows as its `{name}`). */
  path: string;
  status: number;
  /** The check it was sent for: `refusal: request.body.puntos above the maximum 10000`. */
  why: string;
}

export interface VerifyResult {
  verdict: Verdict;
  findings: Finding[];
  coverage: Coverage[];
  profile: ServiceProfile;
  requests: SentRequest[];
  /** Everything the run created or changed on the service: empty in safe mode. */
  created: CreatedRecord[];
  /**
   * Every write the service answered 2xx that verify sent expecting a refusal: the service carried
   * out what it must refuse. After the first, no other refusal is sent (its checks are `unsafe`).
   */
  writesAccepted: WriteAccepted[];
  /** Why, in one sentence: always with `unverified`, and when a run stopped early. */
  reason?: string;
  /** What kind of bad target or stop `reason` describes. */
  failure?: VerifyFailure;
}

export interface VerifyProgress {
  sent: number;
  planned: number;
  operationId: OperationId | null;
  step: string;
}

export interface VerifyOptions {
  /** The spec's `{base_url}` (`/ext/v3` is added as the client adds it); default LOYALTY_BASE_URL. */
  baseUrl?: string;
  /** Default LOYALTY_API_KEY; never printed, logged or stored. */
  apiKey?: string;
  /** Default `'safe'`. */
  mode?: VerifyMode;
  /** The operations to check; default all the key may call. */
  operations?: OperationId[];
  samples?: Samples;
  /** Default 2; never more requests a second than this to the service. */
  maxRequestsPerSecond?: number;
  /**
   * How long one probe may take, headers and body together; default 10,000 ms. The first probe
   * that times out ends the run: `unverified`, failure `unreachable`.
   */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: VerifyProgress) => void;
  /** Compare with the reference server following this profile. */
  profile?: ServiceProfile;
  /** How to reach the service (tests, proxies); default undici's global dispatcher. */
  dispatcher?: Dispatcher;
}

/** One request of a plan: what `--plan` prints. */
export interface PlannedProbe {
  operationId: OperationId | null;
  method: string;
  /** Path and query as sent; identifiers from `samples`, or `{name}` where an earlier read finds one. */
  path: string;
  purpose: ProbePurpose;
  /** What the probe checks, in words: `titulo over 120 characters is refused`. */
  check: string;
}
