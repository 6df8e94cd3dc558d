/**
 * A lenient service for verify's tests (issue 45): over node:http on 127.0.0.1, it takes any key,
 * carries out every write it is sent (a 200, whatever the request breaks), answers careless values
 * (CARELESS) and, for some operations, an envelope without `data` (NO_DATA). It counts the writes
 * it carried out: every POST or PATCH it answered 2xx, a group action's dry run apart (`dryRuns`).
 * Its OpenAPI document is ours, for every operation.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildOpenApiDocument } from '../../src/openapi/index.js';
import { answers } from '../../src/operations/answers.js';
import { API_PREFIX } from '../../src/operations/limits.js';
import { responseJsonSchema } from '../../src/operations/parameters.js';
import type { OperationId } from '../../src/operations/table.js';
import { matchRoute } from '../../src/server/engine/router.js';
import { validValue } from '../../src/verify/values.js';

/**
 * A value the service answers where the spec rules it out: in `field` of the operation's record
 * (of each item, for a list), or the whole `data` when `field` is null. `rule`: what the spec says.
 */
export interface CarelessValue {
  operationId: OperationId;
  field: string | null;
  value: unknown;
  rule: string;
}

/** What the spec says of the values below, in a few words. */
const RULES = {
  status: '1 active, 0 inactive',
  uid: "a customer's uid names the customer",
  dryRun: 'a dry run says it did not run',
  count: 'a count of customers',
  catalog: 'the catalog lists the reports',
};

export const CARELESS: readonly CarelessValue[] = [
  { operationId: 'tareas.list', field: 'status', value: 38127, rule: RULES.status },
  { operationId: 'tareas.setStatus', field: 'status', value: 7, rule: RULES.status },
  { operationId: 'clientes.retrieve', field: 'uid', value: '', rule: RULES.uid },
  { operationId: 'clientes.create', field: 'uid', value: '', rule: RULES.uid },
  { operationId: 'clientes.update', field: 'uid', value: '', rule: RULES.uid },
  { operationId: 'grupos.puntos.add', field: 'dryRun', value: false, rule: RULES.dryRun },
  { operationId: 'grupos.puntos.add', field: 'afectados', value: -3, rule: RULES.count },
  { operationId: 'grupos.etiquetas.add', field: 'dryRun', value: false, rule: RULES.dryRun },
  { operationId: 'grupos.etiquetas.add', field: 'afectados', value: -1, rule: RULES.count },
  { operationId: 'reportes.catalogo.retrieve', field: null, value: {}, rule: RULES.catalog },
];

/** Operations answered with an envelope that has no `data` at all (a 200 all the same). */
export const NO_DATA: ReadonlySet<OperationId> = new Set<OperationId>([
  'clientes.puntos.list',
  'promociones.cupones.list',
  'clientes.notificaciones.send',
  'clientes.nivel.recalculate',
]);

type Json = Record<string, unknown>;

/** A record of the operation that keeps the document's rules, then its careless values. */
function dataOf(operationId: OperationId): unknown {
  const schema = responseJsonSchema(answers[operationId]());
  const list = schema.type === 'array';
  const record = validValue((list ? schema.items : schema) as Json);
  let data: unknown = list ? [record] : record;
  for (const careless of CARELESS.filter((one) => one.operationId === operationId)) {
    if (careless.field === null) data = careless.value;
    else for (const item of list ? (data as Json[]) : [data as Json]) item[careless.field] = careless.value;
  }
  return data;
}

/** What the service holds: every record (each read answered 200), or none (each read naming an id 404). */
export type Holding = 'everything' | 'nothing';

/** A request the service received, and whether it carried it out. */
export interface LenientRequest {
  method: string;
  path: string;
  status: number;
  dryRun: boolean;
}

export interface LenientService {
  baseUrl: string;
  received: LenientRequest[];
  /** The writes it carried out: POST or PATCH answered 2xx, not a dry run. */
  writes(): LenientRequest[];
  /** Group action dry runs it answered 2xx. */
  dryRuns(): LenientRequest[];
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, envelope: Json) => {
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'lenient' });
  response.end(JSON.stringify(envelope));
};

const meta = { requestId: 'lenient', appId: 1, scope: null };
const success = (data: unknown, withData: boolean): Json =>
  withData ? { codigoRespuesta: 0, msj: 'OK', data, meta } : { codigoRespuesta: 0, msj: 'OK', meta };
const notFound: Json = { codigoRespuesta: 9404, msj: 'No encontrado', meta };

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Serves the lenient service on 127.0.0.1, a free port. `noData`: the operations answered without
 * `data` (default NO_DATA).
 */
export async function lenientService(
  options: { holds?: Holding; noData?: ReadonlySet<OperationId> } = {},
): Promise<LenientService> {
  const holds = options.holds ?? 'everything';
  const noData = options.noData ?? NO_DATA;
  const received: LenientRequest[] = [];
  let baseUrl = '';
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const body = method === 'GET' ? undefined : await bodyOf(request);
    const dryRun = (body as Json | undefined)?.dryRun === true;
    const note = (status: number) => received.push({ method, path, status, dryRun });
    if (path.split('?')[0] === `${API_PREFIX}/openapi.json`) {
      note(200);
      return send(
        response,
        200,
        success(
          buildOpenApiDocument(() => true, baseUrl),
          true,
        ),
      );
    }
    const route = matchRoute(method, path.split('?')[0] ?? '');
    if (
      route.kind !== 'operation' ||
      (holds === 'nothing' && method === 'GET' && route.rawParams.length > 0)
    ) {
      note(404);
      return send(response, 404, notFound);
    }
    const id = route.operation.id as OperationId;
    note(200);
    send(response, 200, success(dataOf(id), !noData.has(id)));
  };
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const carriedOut = (one: LenientRequest) => one.method !== 'GET' && one.status < 300;
  return {
    baseUrl,
    received,
    writes: () => received.filter((one) => carriedOut(one) && !one.dryRun),
    dryRuns: () => received.filter((one) => carriedOut(one) && one.dryRun),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
