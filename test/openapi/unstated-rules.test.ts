/**
 * Rules the server enforces that JSON Schema cannot state are stated by the document, in words
 * taken from the same place as the server's refusal: unknown query parameters, the order and span
 * of a coupon period, how deep `usuarioData` may nest; and integers of the path and the query are
 * written one way, which the server, the client and the document (`pattern`) agree on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../src/client/request.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { JSON_MAX_DEPTH } from '../../src/operations/fields.js';
import type { Operation } from '../../src/operations/table.js';
import { operations } from '../../src/operations/table.js';
import { WIRE_INTEGER_PATTERN } from '../../src/operations/wire.js';
import { createReferenceEngine, DEMO_API_KEY, type EngineRequest } from '../../src/server/internal.js';

type Json = Record<string, unknown>;
interface Detail {
  in: string;
  name: string;
  message: string;
}

const document = buildOpenApiDocument();
const definitions = operations as readonly Operation[];

function documented(operation: Operation): Json {
  const item = (document.paths as Record<string, Record<string, Json>>)[`/ext/v3${operation.path}`];
  return item?.[operation.method.toLowerCase()] as Json;
}

function parameter(operation: Operation, name: string): Json | undefined {
  return (documented(operation).parameters as Json[]).find((candidate) => candidate.name === name);
}

const byId = (id: string) => definitions.find((operation) => operation.id === id) as Operation;

const pathOf = (operation: Operation) =>
  `/ext/v3${operation.path.replace('{uid}', 'cli_0001').replace(/\{\w+\}/g, '1')}`;

async function send(request: Partial<EngineRequest> & { path: string }, body?: unknown) {
  const headers: Record<string, string> = { apikey: DEMO_API_KEY };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await createReferenceEngine().handle({
    method: 'GET',
    query: '',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...request,
  });
  const parsed = answer.headers['content-type']?.startsWith('application/json')
    ? (JSON.parse(answer.body) as { details?: Detail[] })
    : {};
  return { status: answer.status, details: parsed.details ?? [] };
}

describe('unknown query parameters', () => {
  it.each(definitions.map((operation) => [operation.id, operation] as const))(
    '%s: refused by the server, and the description names the parameters it takes',
    async (_id, operation) => {
      const answer = await send({
        method: operation.method,
        path: pathOf(operation),
        query: 'desconocido=1',
      });
      expect(answer.status).toBe(400);
      expect(answer.details).toContainEqual(expect.objectContaining({ in: 'query', name: 'desconocido' }));
      const query = (documented(operation).parameters as Json[])
        .filter((candidate) => candidate.in === 'query')
        .map((candidate) => candidate.name);
      expect(documented(operation).description).toContain(
        `A query parameter other than ${query.join(', ')} is refused (400).`,
      );
    },
  );

  it("every query schema of the table is closed (the document's sentence rests on it)", () => {
    for (const operation of definitions) {
      const catchall = (operation.query?.def as { catchall?: { def: { type: string } } } | undefined)
        ?.catchall;
      if (operation.query) expect(catchall?.def.type).toBe('never');
    }
  });
});

describe('the period of promociones.cupones.list', () => {
  const cupones = byId('promociones.cupones.list');
  const fin = () => String(parameter(cupones, 'fin')?.description);

  it.each([
    ['inicio after fin', 'inicio=2026-03-02&fin=2026-03-01'],
    ['a period of 367 days', 'inicio=2025-01-01&fin=2026-01-02'],
  ])("%s: refused, with the words fin's description states", async (_name, query) => {
    const answer = await send({ path: pathOf(cupones), query });
    expect(answer.status).toBe(400);
    const refusal = answer.details.find((detail) => detail.name === 'fin');
    expect(refusal).toBeDefined();
    expect(fin()).toContain(refusal?.message);
  });

  it('a period of 366 days is answered', async () => {
    expect((await send({ path: pathOf(cupones), query: 'inicio=2025-01-01&fin=2026-01-01' })).status).toBe(
      200,
    );
  });
});

describe('how deep usuarioData may nest', () => {
  const create = byId('clientes.create');
  const nested = (levels: number): unknown => (levels === 0 ? 'x' : { n: nested(levels - 1) });
  it(`the document states the bound (${JSON_MAX_DEPTH} levels) where the keys the spec does not name are declared`, () => {
    const usuarioData = (
      ((documented(create).requestBody as Json).content as Json)['application/json'] as { schema: Json }
    ).schema.properties as Record<string, Json>;
    const others = usuarioData.usuarioData?.additionalProperties as Json;
    expect(others.description).toContain(`nested at most ${JSON_MAX_DEPTH} levels`);
    expect(usuarioData.usuarioData?.description).toContain(`nested at most ${JSON_MAX_DEPTH} levels`);
  });

  it('a value nested one level deeper is refused, in the words of the document', async () => {
    const engine = createReferenceEngine();
    const post = (extra: unknown) =>
      engine.handle({
        method: 'POST',
        path: '/ext/v3/clientes',
        query: '',
        headers: {
          apikey: DEMO_API_KEY,
          'content-type': 'application/json',
          'idempotency-key': `k-${Math.random()}`,
        },
        body: JSON.stringify({ usuarioData: { nombre: 'Ana', extra } }),
      });
    expect((await post(nested(JSON_MAX_DEPTH - 1))).status).toBe(200);
    const refused = await post(nested(JSON_MAX_DEPTH + 1));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`nested at most ${JSON_MAX_DEPTH} levels`);
  });
});

describe('integers of the path and the query', () => {
  const integerParameters = definitions.flatMap((operation) =>
    (documented(operation).parameters as Json[])
      .filter((candidate) => candidate.in !== 'header' && (candidate.schema as Json).type === 'integer')
      .map((candidate) => [`${operation.id} ${candidate.in} ${candidate.name}`, candidate] as const),
  );

  it('there are some (tipo, and the ids of the paths)', () => {
    expect(integerParameters.map(([name]) => name)).toContain('promociones.list query tipo');
  });

  it.each(integerParameters)('%s has the wire pattern', (_name, candidate) => {
    expect((candidate.schema as Json).pattern).toBe(WIRE_INTEGER_PATTERN);
  });

  const promociones = byId('promociones.list');
  it.each(['+1', '1.0', '1e0', '0x1', ' 1', '1 ', ''])(
    'tipo=%j is refused: not decimal digits',
    async (tipo) => {
      const answer = await send({ path: pathOf(promociones), query: `tipo=${encodeURIComponent(tipo)}` });
      expect(answer.status).toBe(400);
      expect(answer.details).toContainEqual(expect.objectContaining({ in: 'query', name: 'tipo' }));
      expect(new RegExp(WIRE_INTEGER_PATTERN).test(tipo)).toBe(false);
    },
  );

  it.each(['1', '01', '101', '0'])('tipo=%s is answered: it matches the pattern', async (tipo) => {
    expect((await send({ path: pathOf(promociones), query: `tipo=${tipo}` })).status).toBe(200);
    expect(new RegExp(WIRE_INTEGER_PATTERN).test(tipo)).toBe(true);
  });

  it('a path id of 1.0 is refused as the query integer is', async () => {
    const task = byId('tareas.setStatus');
    const answer = await send({ method: 'POST', path: '/ext/v3/tareas/1.0/status' }, { status: 1 });
    expect(task.params).toBeDefined();
    expect(answer.status).toBe(400);
    expect(answer.details).toContainEqual(expect.objectContaining({ in: 'path', name: 'tareaId' }));
  });

  it('the client writes every safe integer in the pattern, and the server reads it back', () => {
    const pattern = new RegExp(WIRE_INTEGER_PATTERN);
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const written = new URLSearchParams(buildQuery({ tipo: n }).slice(1)).get('tipo') ?? '';
        return pattern.test(written) && Number(written) === n;
      }),
    );
  });
});
