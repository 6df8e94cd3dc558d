import type * as z from 'zod';
import type * as records from '../../operations/records.js';
import type { Scope } from '../../operations/scopes.js';

/** A request as every adapter (node:http, MSW, undici Dispatcher) hands it to the engine. */
export interface EngineRequest {
  method: string;
  /** Raw and still percent-encoded, without the query. */
  path: string;
  /** Raw, without the leading `?`; empty when there is none. */
  query: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body?: Uint8Array | string | undefined;
}

export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Present only when fault injection touched this answer: how the adapter must deliver it. */
  fault?: DeliveryFault;
}

/**
 * How an adapter delivers an answer touched by fault injection, after waiting `delayMs`:
 * `delay` sends it as usual; `drop` ends the connection without an answer; `stall` sends the
 * status, the headers and the first `afterBytes` bytes of the body, then nothing for `stallMs`,
 * then ends the connection.
 */
export type DeliveryFault =
  | { action: 'delay'; delayMs: number }
  | { action: 'drop'; delayMs: number }
  | { action: 'stall'; delayMs: number; afterBytes: number; stallMs: number };

/** The faults the reference server can inject on /ext/v3 requests (docs/reliability.md). */
export type FaultKind =
  /** A 500 envelope; the request is not processed. */
  | 'serverError'
  /** The connection ends with no answer; the request is not processed. */
  | 'dropBeforeProcessing'
  /** The request is processed and its effect committed, then the connection ends with no answer. */
  | 'dropAfterCommit'
  /** A burst of 429 answers with `Retry-After`; the requests are not processed. */
  | 'rateLimitStorm'
  /** The request is processed, then its answer stops half-way through the body. */
  | 'stallBody';

/** Fault injection (off when absent). Every random choice comes from a generator seeded with `seed`. */
export interface FaultOptions {
  /** An integer 0..4294967295: the same seed gives the same schedule of faults. */
  seed: number;
  /** Added before every /ext/v3 answer: a fixed delay, or a [min, max] range drawn per request. Default 0. */
  latencyMs?: number | readonly [number, number];
  /** The share (0..1) of /ext/v3 requests that get each fault; together at most 1. Default 0 each. */
  rates?: Partial<Record<FaultKind, number>>;
  /** `Retry-After` of the 429 storm answers, in whole seconds (at least 1). Default 1. */
  retryAfterSeconds?: number;
  /** How many consecutive requests one 429 storm answers. Default 5. */
  stormLength?: number;
  /** How long a stalled body hangs before the server ends the connection. Default 30 000. */
  stallMs?: number;
  /** Faults of the first requests, in order (`'none'`: a normal answer; a storm here is one 429); the random draws follow. */
  sequence?: readonly (FaultKind | 'none')[];
}

/** What fault injection did since the engine started (or since `reset()`). */
export interface FaultReport {
  seed: number;
  /** /ext/v3 requests that went through fault injection (with a known route and key). */
  requests: number;
  /** Requests that got each fault. */
  injected: Record<FaultKind, number>;
  /** Requests answered after an added latency of more than 0 ms. */
  delayed: number;
}

export interface ApiKeyConfig {
  key: string;
  appId?: number;
  scopes: readonly Scope[] | '*';
}

export interface RateLimit {
  /** Requests allowed per window; `Infinity` disables the limit. */
  limit: number;
  windowMs: number;
}

export interface ServerLimits {
  rateLimit: RateLimit;
  groupActionsPerMinute: number;
  maxGroupSize: number;
  idempotencyTtlMs: number;
}

export type SeedName = 'demo' | 'empty';

/** Options of `createReferenceServer` and `createEngine` (CONTRACT.md). */
export interface ReferenceServerOptions {
  keys?: readonly ApiKeyConfig[];
  seed?: SeedName;
  limits?: Partial<Omit<ServerLimits, 'rateLimit'>> & { rateLimit?: Partial<RateLimit> };
  /** Fault injection: latency, 5xx, dropped connections, 429 storms, stalled bodies. Off when absent. */
  faults?: FaultOptions;
}

export interface EngineOptions extends ReferenceServerOptions {
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now?: () => number;
}

/** @interface */
export type Customer = z.output<typeof records.cliente>;
/** @interface */
export type Movement = z.output<typeof records.movimiento>;
/** @interface */
export type Task = z.output<typeof records.tarea>;
/** @interface */
export type Promotion = z.output<typeof records.promocion>;
/** @interface */
export type Level = z.output<typeof records.nivel>;
/** @interface */
export type Notification = z.output<typeof records.notificacion>;
/** @interface */
export type ReportCatalog = z.output<typeof records.reportCatalog>;

export interface Group {
  grupoId: number;
  nombre: string;
  /** Distinct customer uids. */
  uids: string[];
}

/** One points movement made through the API, with the key that made it (never the key itself). */
export interface AuditEntry {
  movimientoId: string;
  uid: string;
  puntos: number;
  motivo: string | null;
  saldo: number;
  grupoId: number | null;
  operationId: string;
  keyId: string;
  appId: number;
  fecha: string;
}
