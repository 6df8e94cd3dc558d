/**
 * Every answer of the reference server held against the OpenAPI document it serves, by
 * libraries we did not write: openapi-backend (routing, and Ajv validators of each operation's
 * JSON answers) and Ajv (headers, and the answers that belong to no operation). An answer fails on
 * any status, media type, header or field the document does not declare.
 */
import type { ValidateFunction } from 'ajv';
import OpenAPIBackend from 'openapi-backend';
import { LoyaltyClient } from '../../src/client/client.js';
import {
  ADMIN_PREFIX,
  type Answer,
  createReferenceEngine,
  DEMO_API_KEY,
  type Engine,
  EngineDispatcher,
  type EngineRequest,
  type EngineResponse,
  IN_PROCESS_BASE_URL,
  type ReferenceAdmin,
  type ReferenceServer,
  type ReferenceServerOptions,
  serveEngine,
} from '../../src/server/internal.js';
import { ajvWithFormats, customizeAjv } from './ajv-formats.js';
import { markOpenApiCheck } from './openapi-check-mark.js';

type Json = Record<string, unknown>;
type OpenApiBackend = InstanceType<typeof OpenAPIBackend>;

/** Headers of HTTP itself, which the document does not describe. */
const FRAMING_HEADERS = new Set(['content-type', 'content-length', 'connection', 'date', 'keep-alive']);

/** Answers that belong to no operation, by status (the document's `components.responses`). */
const UNROUTED: Record<number, string> = { 404: 'RouteNotFound', 405: 'MethodNotAllowed' };

export interface OpenApiCheck {
  /** Answers checked so far. */
  readonly checked: number;
  /** One line per answer that broke the document: request, status and what was wrong. */
  readonly failures: readonly string[];
  check(request: EngineRequest, response: EngineResponse): void;
}

/** The document as the server serves it to a key (by default, one with every scope). */
export async function servedDocument(apiKey: string = DEMO_API_KEY): Promise<Json> {
  const response = await createReferenceEngine().handle({
    method: 'GET',
    path: '/ext/v3/openapi.json',
    query: '',
    headers: { apikey: apiKey, host: 'loyalty.test' },
  });
  return (JSON.parse(response.body) as { data: Json }).data;
}

function resolve(document: Json, value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  return ref
    .slice(2)
    .split('/')
    .reduce((node: Json, key) => node[key] as Json, document);
}

class Checker implements OpenApiCheck {
  checked = 0;
  readonly failures: string[] = [];
  readonly #ajv = ajvWithFormats({ strict: false, allErrors: true });
  readonly #compiled = new Map<unknown, ValidateFunction>();

  constructor(
    readonly document: Json,
    readonly api: OpenApiBackend,
  ) {}

  check(request: EngineRequest, response: EngineResponse): void {
    if (request.path.startsWith(ADMIN_PREFIX)) return;
    this.checked += 1;
    const problems = this.#problems(request, response);
    if (problems.length > 0) {
      const where = `${request.method} ${request.path}${request.query ? `?${request.query}` : ''}`;
      this.failures.push(`${where} -> ${response.status}: ${problems.join('; ')}`);
    }
  }

  #problems(request: EngineRequest, response: EngineResponse): string[] {
    const operation = this.api.matchOperation({
      method: request.method.toLowerCase(),
      path: request.path,
      query: request.query,
      headers: request.headers as Record<string, string>,
    });
    const declared = operation
      ? (operation.responses as Json | undefined)?.[String(response.status)]
      : this.#components(UNROUTED[response.status]);
    if (declared === undefined) {
      const where = operation ? `operation ${operation.operationId}` : 'a request of no operation';
      return [`status ${response.status} is not declared for ${where}`];
    }
    const definition = resolve(this.document, declared as Json);
    return [
      ...this.#headerProblems(definition, response),
      ...this.#bodyProblems(definition, response, operation?.operationId),
    ];
  }

  #components(name: string | undefined): Json | undefined {
    if (name === undefined) return undefined;
    return ((this.document.components as Json).responses as Json)[name] as Json | undefined;
  }

  #headerProblems(definition: Json, response: EngineResponse): string[] {
    const declared = new Map(
      Object.entries((definition.headers ?? {}) as Json).map(([name, header]) => [
        name.toLowerCase(),
        resolve(this.document, header as Json),
      ]),
    );
    const problems: string[] = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (FRAMING_HEADERS.has(name)) continue;
      const header = declared.get(name);
      if (!header) {
        problems.push(`header ${name} is not declared`);
        continue;
      }
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
      if (!this.#validator(schema)(typed))
        problems.push(`header ${name}: ${JSON.stringify(value)} breaks its schema`);
    }
    for (const [name, header] of declared) {
      if (header.required === true && response.headers[name] === undefined)
        problems.push(`required header ${name} is missing`);
    }
    return problems;
  }

  #bodyProblems(definition: Json, response: EngineResponse, operationId: string | undefined): string[] {
    const mediaType = response.headers['content-type']?.split(';', 1)[0]?.trim() ?? '(none)';
    const content = (definition.content ?? {}) as Json;
    const media = content[mediaType] as Json | undefined;
    if (!media) return [`media type ${mediaType} is not declared`];
    if (mediaType !== 'application/json') return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return ['the body is not JSON'];
    }
    if (operationId !== undefined) {
      const result = this.api.validateResponse(body, operationId, response.status);
      return (result.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`);
    }
    const validate = this.#validator(resolve(this.document, media.schema as Json), true);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`);
  }

  #validator(schema: Json, withComponents = false): ValidateFunction {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      const full = withComponents ? { ...schema, components: this.document.components } : schema;
      validate = this.#ajv.compile(full);
      this.#compiled.set(schema, validate);
    }
    return validate;
  }
}

let validators: Promise<{ document: Json; api: OpenApiBackend }> | undefined;

/** The served document and openapi-backend over it, made once; validators compile on first use. */
function documentAndApi(): Promise<{ document: Json; api: OpenApiBackend }> {
  validators ??= (async () => {
    const document = await servedDocument();
    const api = new OpenAPIBackend({
      definition: document as never,
      validate: true,
      quick: true,
      customizeAjv,
    });
    await api.init();
    return { document, api };
  })();
  return validators;
}

/** A new check (its own count and failures) over the served document. */
export async function createOpenApiCheck(): Promise<OpenApiCheck> {
  const { document, api } = await documentAndApi();
  return new Checker(document, api);
}

/** The engine with every answer it gives checked against the document. */
export function checkedEngine<Served extends Engine>(engine: Served, check: OpenApiCheck): Served {
  const respond = (request: EngineRequest): Answer => {
    const answer = engine.respond(request);
    if (answer instanceof Promise) {
      return answer.then((response) => {
        check.check(request, response);
        return response;
      });
    }
    check.check(request, answer);
    return answer;
  };
  return { ...engine, respond, handle: (request) => Promise.resolve(respond(request)) };
}

let fileCheck: Promise<OpenApiCheck> | undefined;

/**
 * The check of this test file's answers (vitest runs each file in a module scope of its own),
 * marked so that the setup file holds the file to it (openapi-check-mark.ts).
 */
export function openApiCheckOfFile(): Promise<OpenApiCheck> {
  if (!fileCheck) {
    fileCheck = createOpenApiCheck();
    markOpenApiCheck(fileCheck);
  }
  return fileCheck;
}

/** A reference server over HTTP whose every answer is checked against the document it serves. */
export async function createCheckedServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const check = await openApiCheckOfFile();
  return serveEngine(checkedEngine(createReferenceEngine(options), check));
}

/** What the served document finds wrong with a request (empty when it calls the request valid). */
export async function documentProblems(request: EngineRequest & { json?: unknown }): Promise<string[]> {
  const { api } = await documentAndApi();
  const operation = api.matchOperation({
    method: request.method.toLowerCase(),
    path: request.path,
    query: request.query,
    headers: request.headers as Record<string, string>,
  });
  if (!operation) return ['no operation of the document has this method and path'];
  const result = api.validateRequest(
    {
      method: request.method.toLowerCase(),
      path: request.path,
      query: request.query,
      headers: request.headers as Record<string, string>,
      body: request.json,
    },
    operation,
  );
  return (result.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/**
 * What `createTestClient` gives (a client wired to a fresh engine through an undici Dispatcher,
 * no port), with every answer checked against the document.
 */
export async function createCheckedTestClient(
  options: ReferenceServerOptions & { apiKey?: string } = {},
): Promise<{ client: LoyaltyClient; admin: ReferenceAdmin }> {
  const { apiKey, ...engineOptions } = options;
  const engine = checkedEngine(createReferenceEngine(engineOptions), await openApiCheckOfFile());
  const client = new LoyaltyClient({
    apiKey: apiKey ?? engineOptions.keys?.[0]?.key ?? DEMO_API_KEY,
    baseUrl: IN_PROCESS_BASE_URL,
    dispatcher: new EngineDispatcher((request) => engine.handle(request)),
  });
  return { client, admin: engine.admin };
}
