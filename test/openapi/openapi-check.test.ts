/**
 * The check that holds every answer of the conformance and end-to-end suites against the served
 * OpenAPI document (test/support/openapi-check.ts) can fail: each way an answer can break the
 * document is caught.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type EngineRequest,
  type EngineResponse,
} from '../../src/server/internal.js';
import { createOpenApiCheck, type OpenApiCheck, openApiCheckOfFile } from '../support/openapi-check.js';
import { markOpenApiCheck, takeOpenApiCheck } from '../support/openapi-check-mark.js';

const engine = createReferenceEngine();

function request(method: string, path: string, query = ''): EngineRequest {
  return { method, path: `/ext/v3${path}`, query, headers: { apikey: DEMO_API_KEY } };
}

async function answer(of: EngineRequest): Promise<EngineResponse> {
  return engine.handle(of);
}

/** The problems the check finds in one answer. */
async function problemsOf(of: EngineRequest, change?: (response: EngineResponse) => EngineResponse) {
  const check = await createOpenApiCheck();
  const original = await answer(of);
  check.check(of, change ? change(original) : original);
  return check.failures;
}

const withData = (response: EngineResponse, edit: (data: unknown) => unknown): EngineResponse => {
  const envelope = JSON.parse(response.body) as { data: unknown };
  return { ...response, body: JSON.stringify({ ...envelope, data: edit(envelope.data) }) };
};

let check: OpenApiCheck;
beforeAll(async () => {
  check = await createOpenApiCheck();
});

describe('the OpenAPI check of answers', () => {
  it.each([
    ['a list of records', request('GET', '/tareas')],
    ['a record', request('GET', '/clientes/cli_0001')],
    ['the help text', request('GET', '/tareas', 'help=true')],
    ['a 404 of a known operation', request('GET', '/clientes/cli_9999')],
    ['a route the API does not have', request('GET', '/nada')],
    ['a method the path does not take', request('DELETE', '/tareas')],
  ])('passes %s as the server gives it', async (_name, of) => {
    check.check(of, await answer(of));
    expect(check.failures).toEqual([]);
  });

  it('fails a record field the document does not declare', async () => {
    const problems = await problemsOf(request('GET', '/clientes/cli_0001'), (response) =>
      withData(response, (data) => ({ ...(data as object), sald: 1 })),
    );
    expect(problems.join('\n')).toMatch(/additional properties/i);
  });

  it('fails a field of the wrong type (an id that is not an integer)', async () => {
    const problems = await problemsOf(request('GET', '/tareas'), (response) =>
      withData(response, (data) => (data as object[]).map((task) => ({ ...task, tareaId: 1.5 }))),
    );
    expect(problems.join('\n')).toMatch(/tareaId must be integer/);
  });

  it('fails a status the operation does not declare', async () => {
    const problems = await problemsOf(request('GET', '/tareas'), (response) => ({
      ...response,
      status: 418,
    }));
    expect(problems.join('\n')).toMatch(/status 418 is not declared for operation tareas.list/);
  });

  it('fails a status declared for no request outside the operations', async () => {
    const problems = await problemsOf(request('GET', '/nada'), (response) => ({ ...response, status: 500 }));
    expect(problems.join('\n')).toMatch(/status 500 is not declared for a request of no operation/);
  });

  it('fails a header the answer does not declare', async () => {
    const problems = await problemsOf(request('GET', '/tareas'), (response) => ({
      ...response,
      headers: { ...response.headers, 'x-powered-by': 'loyalty' },
    }));
    expect(problems.join('\n')).toMatch(/header x-powered-by is not declared/);
  });

  it('fails a media type the answer does not declare', async () => {
    const problems = await problemsOf(request('GET', '/tareas'), (response) => ({
      ...response,
      headers: { ...response.headers, 'content-type': 'text/html' },
    }));
    expect(problems.join('\n')).toMatch(/media type text\/html is not declared/);
  });

  it('fails a 429 without its required Retry-After', async () => {
    const limited = createReferenceEngine({ limits: { rateLimit: { limit: 1 } } });
    const of = request('GET', '/tareas');
    await limited.handle(of);
    const response = await limited.handle(of);
    expect(response.status).toBe(429);
    const own = await createOpenApiCheck();
    own.check(of, response);
    expect(own.failures).toEqual([]);
    const { 'retry-after': _dropped, ...headers } = response.headers;
    own.check(of, { ...response, headers });
    expect(own.failures.join('\n')).toMatch(/required header retry-after is missing/);
  });
});

describe("the file's check reaches the setup that fails the file", () => {
  it('a check started in a file is the one the setup takes, and only once', async () => {
    expect(takeOpenApiCheck()).toBeUndefined();
    const started = openApiCheckOfFile();
    const taken = takeOpenApiCheck();
    const again = takeOpenApiCheck();
    // Marked again, so the setup still holds this file to it.
    if (taken) markOpenApiCheck(taken);
    expect(taken).toBe(started);
    expect(again).toBeUndefined();
    await started;
  });
});
