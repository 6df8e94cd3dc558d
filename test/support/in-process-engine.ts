import { randomUUID } from 'node:crypto';
import type { Envelope } from '../../src/operations/envelope.js';
import { API_PREFIX } from '../../src/operations/limits.js';
import { type Operation, type OperationId, operations } from '../../src/operations/table.js';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type Engine,
  type ReferenceServerOptions,
} from '../../src/server/internal.js';

export { DEMO_API_KEY, DEMO_READ_ONLY_API_KEY } from '../../src/server/internal.js';

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public current = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  readonly now = (): number => this.current;
  advance(ms: number): void {
    this.current += ms;
  }
}

/** Limits out of the way, so a test meets only the limit it sets. */
export const NO_LIMITS = {
  rateLimit: { limit: Number.POSITIVE_INFINITY, windowMs: 1_000 },
  groupActionsPerMinute: Number.POSITIVE_INFINITY,
  maxRecords: Number.POSITIVE_INFINITY,
  maxRecordBytes: Number.POSITIVE_INFINITY,
} as const;

export function newEngine(options: ReferenceServerOptions = {}): { engine: Engine; clock: FakeClock } {
  const clock = new FakeClock();
  const engine = createReferenceEngine({
    now: clock.now,
    ...options,
    limits: { ...NO_LIMITS, ...options.limits },
  });
  return { engine, clock };
}

export interface CallOptions {
  /** Default DEMO_API_KEY; null sends no apikey header. */
  key?: string | null;
  idem?: string;
  /** Encoded as JSON. */
  body?: unknown;
  /** Sent as is. */
  raw?: string | Uint8Array;
  query?: string;
  headers?: Record<string, string>;
}

export interface Reply<Data = unknown> {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: Envelope<Data> & { details?: Array<{ in: string; name: string; message: string; code: string }> };
}

export async function call<Data = unknown>(
  engine: Engine,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<Data>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? DEMO_API_KEY : options.key;
  if (key !== null) headers.apikey = key;
  if (options.idem !== undefined) headers['idempotency-key'] = options.idem;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  // A body travels as JSON (the spec's Conventions) unless the test names another type.
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (body !== undefined && !typed) headers['content-type'] = 'application/json';
  const response = await engine.handle({ method, path, query: options.query ?? '', headers, body });
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  return { ...response, json: json as Reply<Data>['json'] };
}

export const api = (path: string): string => `${API_PREFIX}${path}`;

export const newIdem = (): string => randomUUID();

export function pathOf(operation: Operation, params: Record<string, string | number>): string {
  return api(
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name]))),
  );
}

/** A valid request for every operation against the demo seed; typed over every id, so none is missed. */
export const SAMPLES: Record<
  OperationId,
  { params?: Record<string, string | number>; query?: string; body?: unknown }
> = {
  'tareas.list': {},
  'tareas.setStatus': { params: { tareaId: 1 }, body: { status: 0 } },
  'clientes.create': { body: { usuarioData: { nombre: 'Nuevo', email: 'nuevo@example.com' } } },
  'clientes.retrieve': { params: { uid: 'cli_0001' } },
  'clientes.update': { params: { uid: 'cli_0001' }, body: { ciudad: 'Quito' } },
  'clientes.puntos.add': { params: { uid: 'cli_0001' }, body: { puntos: 10, motivo: 'prueba' } },
  'clientes.puntos.list': { params: { uid: 'cli_0001' } },
  'clientes.notificaciones.send': {
    params: { uid: 'cli_0001' },
    body: { titulo: 'Hola', mensaje: 'Mensaje' },
  },
  'clientes.nivel.recalculate': { params: { uid: 'cli_0001' } },
  'configuracion.niveles.list': {},
  'grupos.puntos.add': { params: { grupoId: 1 }, body: { puntos: 5, dryRun: true } },
  'grupos.etiquetas.add': { params: { grupoId: 1 }, body: { etiqueta: 'prueba', dryRun: true } },
  'grupos.nombre.set': { params: { grupoId: 1 }, body: { nombre: 'Todos' } },
  'promociones.list': {},
  'promociones.setStatus': { params: { regaloId: 1 }, body: { comando: 'activar' } },
  'promociones.cupones.list': { params: { regaloId: 5 }, query: 'inicio=2025-01-01&fin=2025-01-07' },
  'reportes.catalogo.retrieve': {},
  'openapi.retrieve': {},
};

/** Calls an operation with its sample, a fresh Idempotency-Key where one is required, and `options` on top. */
export function callSample(engine: Engine, operation: Operation, options: CallOptions = {}): Promise<Reply> {
  const sample = SAMPLES[operation.id];
  return call(engine, operation.method, pathOf(operation, sample.params ?? {}), {
    body: sample.body,
    query: sample.query,
    idem: operation.idempotency === 'required' ? newIdem() : undefined,
    ...options,
  });
}

export const operationCases = operations.map((operation) => [operation.id, operation] as const);
