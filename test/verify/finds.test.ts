/**
 * Each kind of difference a service can show is found, by kind, operation and location: a
 * service made of the reference engine with one change planted. (The divergent twin plants many
 * at once; these show that verify's own comparisons can fail, one rule each.)
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import type { EngineRequest, EngineResponse } from '../../src/server/internal.js';
import { verifyService } from '../../src/verify/index.js';
import type { Finding, OperationId } from '../../src/verify/types.js';
import { BASE_URL, demoSamples, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

type Json = Record<string, unknown>;
type Change = (request: EngineRequest, response: EngineResponse) => EngineResponse;

/** The answer's envelope changed by `edit` where `when` holds. */
const editEnvelope =
  (
    when: (request: EngineRequest, response: EngineResponse) => boolean,
    edit: (envelope: Json) => void,
  ): Change =>
  (request, response) => {
    if (!when(request, response)) return response;
    const envelope = JSON.parse(response.body) as Json;
    edit(envelope);
    return { ...response, body: JSON.stringify(envelope) };
  };

const onRead = (path: RegExp) => (request: EngineRequest, response: EngineResponse) =>
  request.method === 'GET' && path.test(request.path) && response.status === 200;

const data = (envelope: Json) => envelope.data as Json;

interface Case {
  name: string;
  operations: OperationId[];
  change: Change;
  finding: Pick<Finding, 'kind' | 'operationId' | 'location' | 'severity' | 'basis'>;
}

const CASES: Case[] = [
  {
    name: 'a field of the record is missing',
    operations: ['clientes.retrieve'],
    change: editEnvelope(onRead(/^\/ext\/v3\/clientes\/[^/]+$/), (envelope) => {
      delete data(envelope).etiquetas;
    }),
    finding: {
      kind: 'field-missing',
      operationId: 'clientes.retrieve',
      location: 'response.200.data.etiquetas',
      severity: 'breaking',
      basis: 'reference',
    },
  },
  {
    name: 'the record has a field the SDK does not know',
    operations: ['clientes.retrieve'],
    change: editEnvelope(onRead(/^\/ext\/v3\/clientes\/[^/]+$/), (envelope) => {
      data(envelope).segmento = 'oro';
    }),
    finding: {
      kind: 'field-added',
      operationId: 'clientes.retrieve',
      location: 'response.200.data.segmento',
      severity: 'info',
      basis: 'reference',
    },
  },
  {
    name: 'a field of a list item has another type',
    operations: ['tareas.list'],
    change: editEnvelope(onRead(/\/tareas$/), (envelope) => {
      for (const item of envelope.data as Json[]) item.status = String(item.status);
    }),
    finding: {
      kind: 'field-type',
      operationId: 'tareas.list',
      location: 'response.200.data[].status',
      severity: 'breaking',
      basis: 'reference',
    },
  },
  {
    name: 'a field the SDK types as never null is null',
    operations: ['clientes.retrieve'],
    change: editEnvelope(onRead(/^\/ext\/v3\/clientes\/[^/]+$/), (envelope) => {
      data(envelope).nivel = null;
    }),
    finding: {
      kind: 'field-nullable',
      operationId: 'clientes.retrieve',
      location: 'response.200.data.nivel',
      severity: 'breaking',
      basis: 'reference',
    },
  },
  {
    name: 'a 400 carries another codigoRespuesta',
    // A write safe mode can aim at nothing: a GET of its regaloId answers 404.
    operations: ['promociones.setStatus'],
    change: editEnvelope(
      (_, response) => response.status === 400,
      (envelope) => {
        envelope.codigoRespuesta = 1001;
      },
    ),
    finding: {
      kind: 'error-code',
      operationId: 'promociones.setStatus',
      location: 'response.400.codigoRespuesta',
      severity: 'differs',
      basis: 'reference',
    },
  },
  {
    name: 'details is one object instead of a list',
    // A write safe mode can aim at nothing: a GET of its regaloId answers 404.
    operations: ['promociones.setStatus'],
    change: editEnvelope(
      (_, response) => response.status === 400,
      (envelope) => {
        envelope.details = { campo: 'nombre' };
      },
    ),
    finding: {
      kind: 'error-shape',
      operationId: 'promociones.setStatus',
      location: 'response.400.details',
      // The list is the reference's form (the spec says only that details describes the invalid
      // parameters), and the SDK keeps another form as sent: it differs.
      severity: 'differs',
      basis: 'reference',
    },
  },
  {
    name: 'a request that must be refused is accepted',
    operations: ['clientes.notificaciones.send'],
    change: (request, response) =>
      request.method === 'POST' && String(request.body).includes('x'.repeat(100))
        ? {
            status: 200,
            headers: response.headers,
            body: JSON.stringify({
              codigoRespuesta: 0,
              msj: 'Éxito',
              data: {},
              meta: { requestId: 'r', appId: 1, scope: null },
            }),
          }
        : response,
    // The service carried out a write it must refuse (to a customer a GET showed not to be there):
    // a breaking status finding, and nothing more is sent (no control, no longer titulo).
    // looser-limit.test.ts measures a looser limit a service answers as its control.
    finding: {
      kind: 'status',
      operationId: 'clientes.notificaciones.send',
      location: 'request.body.titulo',
      severity: 'breaking',
      basis: 'spec',
    },
  },
  {
    name: 'the answers carry no X-Request-Id',
    operations: ['tareas.list'],
    change: (_, response) => {
      const { 'x-request-id': _id, ...headers } = response.headers;
      return { ...response, headers };
    },
    // The spec names no X-Request-Id (it names meta.requestId, which the SDK reads): a note.
    finding: {
      kind: 'header',
      operationId: 'tareas.list',
      location: 'header.X-Request-Id',
      severity: 'info',
      basis: 'reference',
    },
  },
  {
    name: 'the reads carry a rate-limit header the reference server does not send',
    operations: ['configuracion.niveles.list'],
    change: (request, response) =>
      request.method === 'GET' && response.status === 200
        ? { ...response, headers: { ...response.headers, 'x-ratelimit-remaining': '99' } }
        : response,
    finding: {
      kind: 'header',
      operationId: 'configuracion.niveles.list',
      location: 'header.x-ratelimit-remaining',
      severity: 'info',
      basis: 'reference',
    },
  },
  {
    name: 'the document declares another limit',
    operations: ['grupos.nombre.set'],
    change: editEnvelope(onRead(/openapi\.json$/), (envelope) => {
      const schema = (
        ((data(envelope).paths as Json)['/ext/v3/grupos/{grupoId}/nombre'] as Json).post as Json
      ).requestBody as Json as Json;
      const body = ((schema.content as Json)['application/json'] as Json).schema as Json;
      ((body.properties as Json).nombre as Json).maxLength = 60;
    }),
    finding: {
      kind: 'limit',
      operationId: 'grupos.nombre.set',
      location: 'request.body.nombre',
      severity: 'breaking',
      basis: 'spec',
    },
  },
  {
    name: 'the document lists an operation the SDK lacks',
    operations: ['tareas.list'],
    change: editEnvelope(onRead(/openapi\.json$/), (envelope) => {
      (data(envelope).paths as Json)['/ext/v3/tareas/catalogo'] = {
        get: { operationId: 'tareas.catalogo', responses: {} },
      };
    }),
    finding: {
      kind: 'operation-extra',
      operationId: null,
      location: 'paths./ext/v3/tareas/catalogo.get',
      severity: 'info',
      basis: 'reference',
    },
  },
  {
    name: 'the document leaves out an operation the key has the scope for',
    operations: ['clientes.update'],
    change: editEnvelope(onRead(/openapi\.json$/), (envelope) => {
      delete ((data(envelope).paths as Json)['/ext/v3/clientes/{uid}'] as Json).patch;
    }),
    finding: {
      kind: 'operation-missing',
      operationId: 'clientes.update',
      location: 'paths./ext/v3/clientes/{uid}.patch',
      severity: 'breaking',
      basis: 'spec',
    },
  },
];

describe('each planted difference is found by kind, operation and location', () => {
  it.each(CASES)('$name: $finding.kind at $finding.location', async ({ operations, change, finding }) => {
    const service = serviceUnderTest({
      override: async (request, _, answer) => change(request, await answer()),
    });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      operations,
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(result.findings).toContainEqual(expect.objectContaining(finding));
    expect(result.verdict).toBe('differs');
  });

  it('a field missing from a read is the only finding: nothing else is reported', async () => {
    const [missing] = CASES;
    const service = serviceUnderTest({
      override: async (request, _, answer) => missing!.change(request, await answer()),
    });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(
      result.findings.map(({ kind, operationId, location }) => ({ kind, operationId, location })),
    ).toEqual([
      { kind: 'field-missing', operationId: 'clientes.retrieve', location: 'response.200.data.etiquetas' },
    ]);
  });

  it('the profile counts the API headers seen, by name (never their values)', async () => {
    const service = serviceUnderTest({
      override: async (_request, _count, answer) => {
        const response = await answer();
        return { ...response, headers: { ...response.headers, 'x-ratelimit-remaining': '4321' } };
      },
    });
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      operations: ['tareas.list'],
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    const answers = result.requests.length;
    expect(result.profile.entries).toContainEqual({
      path: 'headers.x-ratelimit-remaining',
      value: { answers, of: answers },
      source: 'probe',
    });
    expect(result.profile.entries).toContainEqual({
      path: 'headers.X-Request-Id',
      value: { answers, of: answers },
      source: 'probe',
    });
    expect(JSON.stringify(result.profile)).not.toContain('4321');
  });

  it("the SDK's own document has what the cases above change", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Json> };
    expect(Object.keys(document.paths)).toContain('/ext/v3/grupos/{grupoId}/nombre');
    expect(document.paths['/ext/v3/clientes/{uid}']).toHaveProperty('patch');
  });
});
