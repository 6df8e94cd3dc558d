import type * as z from 'zod';
import type * as records from '../operations/records.js';
import type { Scope } from '../operations/scopes.js';

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
