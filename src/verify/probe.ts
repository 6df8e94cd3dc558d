import type { Operation } from '../operations/table.js';
import type { Basis } from './basis.js';
import type { ProbePurpose, Samples } from './types.js';

/** Which key a probe carries: the run's, none, or one no service issued. */
type KeyUse = 'own' | 'none' | 'wrong';

/** A path parameter: a value, or the name of a sample an earlier read finds (`{ found: 'regaloId' }`). */
export type ParamValue = string | number | { found: keyof Samples };

/** One request of a run, as data: built by plan.ts, sent by the probes, shown by `--plan`. */
export interface Probe {
  operation: Operation;
  purpose: ProbePurpose;
  /** The check it settles, as coverage and JUnit name it: `refusal: request.body.titulo over 120 characters`. */
  check: string;
  /** What it is about: `request.header.apikey`, `request.body.titulo`, `response.200.data`. */
  target: string;
  key: KeyUse;
  params: Record<string, ParamValue>;
  /** As sent: strings. */
  query: Record<string, string>;
  /** Absent: no body. */
  body?: unknown;
  idempotencyKey?: string;
  /** Whether every correct service refuses it (a 4xx the reference engine also gives). */
  refusal: boolean;
  /** A refusal's: the rule it breaks, the spec's (quoted) or ours; its findings hold the service to it. */
  broken?: Basis;
  /** The upper bound of the table its value is one past: where a service's looser limit is measured from. */
  bound?: UpperBound;
  /** A read that shows whether an identifier names nothing, before writes are aimed at it (probes/nowhere.ts). */
  lookup?: { name: string; id: string | number };
}

/** A rule of the table that caps a parameter: a string's length or a number's value. */
export interface UpperBound {
  rule: 'maxLength' | 'maximum';
  limit: number;
}

/** A key no service issued: the wrong-key probe carries it (it is safe to print). */
export const WRONG_KEY = 'loyalty-verify-not-a-key';

/** Identifiers that name nothing: where a write's refusal probe goes, so even a wrong acceptance changes nothing. */
export const NONEXISTENT = { string: 'loyalty-verify-nonexistent', integer: 2_147_483_647 } as const;

/**
 * The identifiers tried in turn for a write's refusal probes, the planned one first: a service may
 * hold any one of them, so each is read first (probes/nowhere.ts), and the first a read shows to
 * name nothing is the one sent. None: the probes are not sent (`unsafe`).
 */
export const NOWHERE_CANDIDATES = {
  string: [NONEXISTENT.string, `${NONEXISTENT.string}-2`, `${NONEXISTENT.string}-3`],
  integer: [NONEXISTENT.integer, NONEXISTENT.integer - 1, NONEXISTENT.integer - 2],
} as const;
