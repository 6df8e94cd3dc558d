/**
 * Black-box harness of the conformance suite: starts a reference server on a real port and
 * drives it with plain undici. Nothing here goes through the SDK client; the operation table is
 * used only to know paths, methods, scopes and idempotency rules (the spec's tables).
 */
import { randomUUID } from 'node:crypto';
import { createReferenceServer } from 'loyalty-sdk/server';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  API_PREFIX,
  ERROR_CODES,
  getOperation,
  type Operation,
  type OperationId,
  operations,
  type Scope,
} from '../../src/operations/index.js';
import { FAKE_CLOCK_START } from './fake-clock.js';
import { createCheckedServer } from './openapi-check.js';
import { createVirtualClock, type VirtualClock } from './virtual-clock.js';

export {
  API_PREFIX,
  ERROR_CODES,
  LIMITS,
  operations,
  SCOPES,
  SUCCESS_MESSAGE,
} from '../../src/operations/index.js';
export type { Operation, OperationId, Scope };

/** The key every harness server accepts, with every scope. Long, so that a masked form never equals it. */
export const ADMIN_KEY = 'conformance-admin-key-7d1f0c9e4b2a48c6a5e3d1b9f7c5a3e1';
export const ADMIN_APP_ID = 4242;

export interface KeyConfig {
  key: string;
  appId?: number;
  scopes: readonly Scope[] | '*';
}

export interface Limits {
  rateLimit?: { limit: number; windowMs: number };
  groupActionsPerMinute?: number;
  maxGroupSize?: number;
  idempotencyTtlMs?: number;
  maxRecords?: number;
  maxRecordBytes?: number;
}

export interface ServerOptions {
  keys?: KeyConfig[];
  seed?: 'demo' | 'empty';
  limits?: Limits;
  /** The server's clock (a virtual clock's `now`): windows and TTLs pass when the test moves it. */
  now?: () => number;
}

/** What the conformance suite needs of `createReferenceServer` (docs/reference-server.md, "From code"). */
export interface ReferenceServerLike {
  listen(options: { port: number; host?: string }): Promise<string>;
  admin: {
    createGroup(input: { uids: string[]; nombre?: string }): unknown;
    customer(uid: string): unknown;
    audit(): unknown;
    reset(): unknown;
  };
  close(): unknown;
}

// Assigned without a cast: the compiler checks the server's signature against the contract's shape.
const contractShape: (options?: ServerOptions) => ReferenceServerLike = createReferenceServer;

/**
 * The server the suite talks to: `createReferenceServer`'s engine, with every answer checked
 * against the OpenAPI document it serves (test/support/openapi-check.ts).
 */
export async function createServer(options: ServerOptions | undefined): Promise<ReferenceServerLike> {
  void contractShape;
  return createCheckedServer(options);
}

/** Limits high enough that a test never meets them unless it sets its own. */
export const GENEROUS_LIMITS = {
  rateLimit: { limit: 1_000_000, windowMs: 1_000 },
  groupActionsPerMinute: 1_000_000,
  maxGroupSize: 100_000,
  idempotencyTtlMs: 86_400_000,
  maxRecords: Number.POSITIVE_INFINITY,
  maxRecordBytes: Number.POSITIVE_INFINITY,
} as const;

export interface Detail {
  in: string;
  name: string;
  message: string;
  code: string;
}

export interface Meta {
  requestId: string;
  appId: number;
  scope: string | null;
  requiredScope?: string;
  legacy?: { codigo?: string; [fact: string]: unknown };
  [extra: string]: unknown;
}

export interface Envelope<Data = unknown> {
  codigoRespuesta: number;
  msj: string;
  data: Data;
  meta: Meta;
  details?: Detail[];
}

export interface Reply<Data = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received (byte-exact comparisons use this). */
  text: string;
  /** The body decoded as JSON; `undefined` at run time when it is not JSON. */
  json: Envelope<Data>;
  header(name: string): string | undefined;
}

export interface CallOptions {
  /** API key; default ADMIN_KEY; `null` sends no `apikey` header. */
  key?: string | null;
  /** Idempotency-Key header; `null` or omitted sends none. */
  idem?: string | null;
  /** JSON-encoded as the body. */
  body?: unknown;
  /** Sent as is (with Content-Type application/json unless headers say otherwise). */
  rawBody?: string | Buffer;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
}

export interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

export interface OpOptions extends Sample {
  key?: string | null;
  /** Default: a fresh UUID on operations whose idempotency is `required`; `null` sends none. */
  idem?: string | null;
  headers?: Record<string, string>;
}

/** Records of the reference server (docs/reference-server.md, "Records"). */
export interface Cliente {
  uid: string;
  email?: string;
  puntos: number;
  nivel: string;
  etiquetas: string[];
  [field: string]: unknown;
}

export interface Movimiento {
  movimientoId: string;
  uid: string;
  puntos: number;
  motivo: string | null;
  saldo: number;
  fecha: string;
  grupoId: number | null;
  [field: string]: unknown;
}

export interface GrupoAccion {
  grupoId: number;
  dryRun: boolean;
  afectados: number;
  costoEstimado: number;
}

export interface Tarea {
  tareaId: number;
  nombre: string;
  status: number;
}

export interface Promocion {
  regaloId: number;
  nombre: string;
  tipo: number;
  estado: string;
  fechaProgramada: string | null;
}

export interface Nivel {
  nivelId: number;
  nombre: string;
  puntosMinimos: number;
  reglas: string[];
}

export type AuditEntry = Record<string, unknown>;

export const newKey = (): string => randomUUID();

/** A clock for a server's `now`, from a fixed instant: a window or a TTL passes when the test sleeps on it. */
export const serverClock = (): VirtualClock => createVirtualClock(FAKE_CLOCK_START);

let emailCounter = 0;
export const uniqueEmail = (): string => `conf.${++emailCounter}.${randomUUID().slice(0, 8)}@example.com`;

export function pathOf(operation: Operation, params: Record<string, string | number> = {}): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`sample of ${operation.id} lacks path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${filled}`;
}

/** An array given directly, or inside an envelope (`data`) or a one-array object. */
export function asArray(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.data)) return record.data as Record<string, unknown>[];
    const arrays = Object.values(record).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as Record<string, unknown>[];
  }
  throw new Error(`expected an array of entries, got ${JSON.stringify(value)?.slice(0, 200)}`);
}

export class Harness {
  url = '';
  server!: ReferenceServerLike;
  private agent = new Agent({ keepAliveTimeout: 1_000, connections: 64 });

  constructor(
    readonly options: ServerOptions | undefined,
    /** `null`: listen without a host, to see the server's default. */
    readonly listenHost: string | null = '127.0.0.1',
  ) {}

  get admin(): ReferenceServerLike['admin'] {
    return this.server.admin;
  }

  async start(): Promise<void> {
    this.server = await createServer(this.options);
    const listenOptions = this.listenHost === null ? { port: 0 } : { port: 0, host: this.listenHost };
    const url = await this.server.listen(listenOptions);
    expect(typeof url).toBe('string');
    this.url = url.replace(/\/+$/, '');
  }

  async stop(): Promise<void> {
    await this.agent.close();
    await this.server?.close();
  }

  async call<Data = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Reply<Data>> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? ADMIN_KEY : options.key;
    if (key !== null) headers.apikey = key;
    if (options.idem !== undefined && options.idem !== null) headers['idempotency-key'] = options.idem;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (body !== undefined && !hasContentType) headers['content-type'] = 'application/json';
    let search = '';
    if (options.query && Object.keys(options.query).length > 0) {
      search = `?${new URLSearchParams(Object.entries(options.query).map(([name, value]): [string, string] => [name, String(value)]))}`;
    }
    const response = await request(`${this.url}${path}${search}`, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: this.agent,
    });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const responseHeaders = response.headers as Record<string, string | string[] | undefined>;
    return {
      status: response.statusCode,
      headers: responseHeaders,
      text,
      json: json as Envelope<Data>,
      header(name: string) {
        const value = responseHeaders[name.toLowerCase()];
        return Array.isArray(value) ? value.join(', ') : value;
      },
    };
  }

  /** Calls an operation of the table by id, with the path built from it. */
  op<Data = unknown>(id: OperationId, options: OpOptions = {}): Promise<Reply<Data>> {
    const operation = getOperation(id);
    const idem =
      options.idem !== undefined ? options.idem : operation.idempotency === 'required' ? newKey() : null;
    return this.call<Data>(operation.method, pathOf(operation, options.params), {
      key: options.key,
      idem,
      body: options.body,
      query: options.query,
      headers: options.headers,
    });
  }

  // ---- fixtures over HTTP ----

  async newCliente(usuarioData: Record<string, unknown> = {}, key?: string): Promise<Cliente> {
    const reply = await this.op<Cliente>('clientes.create', {
      body: { usuarioData: { nombre: 'Conf', apellido: 'Test', email: uniqueEmail(), ...usuarioData } },
      key,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(typeof reply.json.data.uid).toBe('string');
    return reply.json.data;
  }

  async cliente(uid: string): Promise<Cliente> {
    const reply = await this.op<Cliente>('clientes.retrieve', { params: { uid } });
    expect(reply.status, reply.text).toBe(200);
    return reply.json.data;
  }

  async balance(uid: string): Promise<number> {
    return (await this.cliente(uid)).puntos;
  }

  async history(uid: string): Promise<Movimiento[]> {
    const reply = await this.op<Movimiento[]>('clientes.puntos.list', { params: { uid } });
    expect(reply.status, reply.text).toBe(200);
    expect(Array.isArray(reply.json.data)).toBe(true);
    return reply.json.data;
  }

  /** Adds points (several calls when above the per-call limit). */
  async give(uid: string, puntos: number, motivo = 'conformance setup'): Promise<void> {
    let left = puntos;
    while (left > 0) {
      const step = Math.min(left, 10_000);
      const reply = await this.op('clientes.puntos.add', { params: { uid }, body: { puntos: step, motivo } });
      expect(reply.status, reply.text).toBe(200);
      left -= step;
    }
  }

  async createGroup(uids: string[], nombre?: string): Promise<number> {
    const input = nombre === undefined ? { uids } : { uids, nombre };
    const grupoId = await this.admin.createGroup(input);
    expect(typeof grupoId, `admin.createGroup returned ${JSON.stringify(grupoId)}`).toBe('number');
    return grupoId as number;
  }

  async audit(): Promise<AuditEntry[]> {
    return asArray(await this.admin.audit());
  }

  async tareas(): Promise<Tarea[]> {
    const reply = await this.op<Tarea[]>('tareas.list');
    expect(reply.status, reply.text).toBe(200);
    return reply.json.data;
  }

  async promociones(query: Record<string, number> = {}): Promise<Promocion[]> {
    const reply = await this.op<Promocion[]>('promociones.list', { query });
    expect(reply.status, reply.text).toBe(200);
    return reply.json.data;
  }
}

/** A server for the file: started in beforeAll, closed in afterAll. Always accepts ADMIN_KEY. */
export function useServer(options: ServerOptions = {}): Harness {
  const harness = new Harness({
    seed: options.seed ?? 'demo',
    keys: [{ key: ADMIN_KEY, appId: ADMIN_APP_ID, scopes: '*' }, ...(options.keys ?? [])],
    limits: { ...GENEROUS_LIMITS, ...options.limits },
  });
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());
  return harness;
}

/** Starts a server by hand (for tests that need a server of their own); the caller stops it. */
export async function startServer(
  options: ServerOptions | undefined,
  listenHost: string | null = '127.0.0.1',
): Promise<Harness> {
  const harness = new Harness(options, listenHost);
  await harness.start();
  return harness;
}

// ---- assertions shared by the files ----

export function expectEnvelopeError(reply: Reply, status: number, code: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.header('content-type') ?? '').toMatch(/^application\/json/);
  expect(reply.json.codigoRespuesta).toBe(code);
  expect(reply.json.codigoRespuesta).not.toBe(0);
  expect(typeof reply.json.msj).toBe('string');
  expect(reply.json.msj.length).toBeGreaterThan(0);
  expect(typeof reply.json.meta?.requestId).toBe('string');
}

/** 400 whose `details` names the parameter by `in` and `name` (docs/decisions.md). */
export function expectDetail(reply: Reply, where: { in: string; name: string | readonly string[] }): void {
  expectEnvelopeError(reply, 400, ERROR_CODES.badRequest);
  const details = reply.json.details;
  expect(Array.isArray(details), `details is an array: ${reply.text}`).toBe(true);
  const names: readonly string[] = typeof where.name === 'string' ? [where.name] : where.name;
  const entry = details?.find((detail) => detail.in === where.in && names.includes(detail.name));
  expect(entry, `details names ${where.in} ${where.name}: ${JSON.stringify(details)}`).toBeDefined();
  expect(typeof entry?.message).toBe('string');
  expect(entry?.message.length).toBeGreaterThan(0);
  expect(typeof entry?.code).toBe('string');
}

export function expectLegacy(reply: Reply, codigo: string): void {
  expectEnvelopeError(reply, 422, ERROR_CODES.unprocessable);
  expect(reply.json.meta.legacy?.codigo, reply.text).toBe(codigo);
}

export function expectOk<Data>(reply: Reply<Data>): Data {
  expect(reply.status, reply.text).toBe(200);
  expect(reply.json.codigoRespuesta).toBe(0);
  return reply.json.data;
}

// ---- a valid request for every operation ----

export interface Fixtures {
  uid: string;
  grupoId: number;
  tareaId: number;
  regaloId: number;
}

/** One valid request per operation; typed over every id, so a new operation needs a sample here. */
export const SAMPLES: Record<OperationId, (fx: Fixtures) => Sample> = {
  'tareas.list': () => ({}),
  'tareas.setStatus': (fx) => ({ params: { tareaId: fx.tareaId }, body: { status: 1 } }),
  'clientes.create': () => ({ body: { usuarioData: { nombre: 'Muestra', email: uniqueEmail() } } }),
  'clientes.retrieve': (fx) => ({ params: { uid: fx.uid } }),
  'clientes.update': (fx) => ({ params: { uid: fx.uid }, body: { ciudad: 'Quito' } }),
  'clientes.puntos.add': (fx) => ({ params: { uid: fx.uid }, body: { puntos: 1, motivo: 'sample' } }),
  'clientes.puntos.list': (fx) => ({ params: { uid: fx.uid } }),
  'clientes.notificaciones.send': (fx) => ({
    params: { uid: fx.uid },
    body: { titulo: 'Hola', mensaje: 'Tienes puntos nuevos' },
  }),
  'clientes.nivel.recalculate': (fx) => ({ params: { uid: fx.uid } }),
  'configuracion.niveles.list': () => ({}),
  'grupos.puntos.add': (fx) => ({ params: { grupoId: fx.grupoId }, body: { puntos: 1, dryRun: true } }),
  'grupos.etiquetas.add': (fx) => ({
    params: { grupoId: fx.grupoId },
    body: { etiqueta: 'vip', dryRun: true },
  }),
  'grupos.nombre.set': (fx) => ({ params: { grupoId: fx.grupoId }, body: { nombre: 'Grupo muestra' } }),
  'promociones.list': () => ({}),
  'promociones.setStatus': (fx) => ({ params: { regaloId: fx.regaloId }, body: { comando: 'activar' } }),
  'promociones.cupones.list': (fx) => ({
    params: { regaloId: fx.regaloId },
    query: { inicio: '2024-01-01', fin: '2024-01-31' },
  }),
  'reportes.catalogo.retrieve': () => ({}),
  'openapi.retrieve': () => ({}),
};

/** Fixtures for SAMPLES: a fresh customer (with points), a group holding it, a seeded task and promotion. */
export async function makeFixtures(harness: Harness): Promise<Fixtures> {
  const cliente = await harness.newCliente();
  await harness.give(cliente.uid, 1_000);
  const grupoId = await harness.createGroup([cliente.uid]);
  const tareas = await harness.tareas();
  const promociones = await harness.promociones();
  expect(tareas.length).toBeGreaterThan(0);
  expect(promociones.length).toBeGreaterThan(0);
  return {
    uid: cliente.uid,
    grupoId,
    tareaId: (tareas[0] as Tarea).tareaId,
    regaloId: (promociones[0] as Promocion).regaloId,
  };
}

export const operationCases = operations.map((operation) => [operation.id, operation] as const);
