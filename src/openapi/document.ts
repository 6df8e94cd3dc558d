import type * as z from 'zod/mini';
import { license } from '../../package.json';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER, type Json } from '../core/index.js';
import { envelope } from '../operations/envelope.js';
import { HELP_PARAMETER, helpFlag } from '../operations/help.js';
import { API_PREFIX } from '../operations/limits.js';
import { describeParameters, requestJsonSchema, responseJsonSchema } from '../operations/parameters.js';
import type * as publicTypes from '../operations/public.js';
import { describedIdempotencyKey, type Operation, operations } from '../operations/table.js';
import { WIRE_INTEGER_PATTERN } from '../operations/wire.js';
import { SDK_VERSION } from '../version.js';
import { helpRequestExtension, idempotencyKeyDescription, requestBodyDescription } from './help-request.js';
import { RESPONSE_HEADERS, responsesOf, unroutedResponses } from './responses.js';
import { documentTags, tagOf } from './tags.js';

/** @inline */
/** A parameter of the document from its zod definition: the rule and the description alike. */
function parameterOf(
  location: 'query' | 'header',
  name: string,
  schema: z.ZodMiniType,
  required: boolean,
): Json {
  const { description, ...rule } = requestJsonSchema(schema);
  return { in: location, name, required, schema: rule, ...(description ? { description } : {}) };
}

/** An integer of the path or the query travels as text: the document states how it is written. */
function wireSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return schema.type === 'integer' ? { ...schema, pattern: WIRE_INTEGER_PATTERN } : schema;
}

function parametersOf(operation: Operation): Json[] {
  const parameters: Json[] = describeParameters(operation)
    .filter((parameter) => parameter.in !== 'body')
    .map(({ in: location, name, required, schema, description }) => ({
      in: location,
      name,
      required,
      schema: wireSchema(schema),
      ...(description ? { description } : {}),
    }));
  parameters.push(parameterOf('query', HELP_PARAMETER, helpFlag(), false));
  if (operation.idempotency !== 'none') {
    const required = operation.idempotency === 'required';
    const header = parameterOf('header', IDEMPOTENCY_HEADER, describedIdempotencyKey(), required);
    header.description = idempotencyKeyDescription(operation, header.description as string | undefined);
    parameters.push(header);
  }
  return parameters;
}

/**
 * What the schemas of the parameters cannot state: OpenAPI 3.0 has no closed set of query
 * parameters, so the operation's description says that the others are refused (validateRequest
 * checks the query with a strict object, or an empty one where the table declares none).
 */
function descriptionOf(operation: Operation): string {
  const declared = describeParameters(operation)
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);
  const listed = [...declared, HELP_PARAMETER].join(', ');
  return `${operation.description}\n\nA query parameter other than ${listed} is refused (400).`;
}

function pathItem(operation: Operation): Json {
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: descriptionOf(operation),
    tags: [tagOf(operation.id)],
    'x-scope': operation.scope,
    'x-help-request': helpRequestExtension(operation),
    parameters: parametersOf(operation),
    ...(operation.body
      ? {
          requestBody: {
            description: requestBodyDescription(),
            required: true,
            content: { 'application/json': { schema: requestJsonSchema(operation.body) } },
          },
        }
      : {}),
    responses: responsesOf(operation),
  };
}

/** Where the document says the API is: the server it was served from, or a `{base_url}` to fill in. */
function serversOf(baseUrl: string | undefined): Json[] {
  if (baseUrl !== undefined) return [{ url: baseUrl }];
  return [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }];
}

/**
 * The header components the document refers to: a document of reads only (a key without write
 * scopes) has no replayed answer, so no `Idempotent-Replayed`; an unused component is a warning of
 * Spectral and Redocly.
 */
function usedHeaders(parts: unknown[]): Record<string, Json> {
  const text = JSON.stringify(parts);
  return Object.fromEntries(
    Object.entries(RESPONSE_HEADERS).filter(([name]) => text.includes(`"#/components/headers/${name}"`)),
  );
}

/**
 * The OpenAPI 3.0 document of the operations `include` admits (all of them by default).
 * The reference server passes the calling key's scopes and the base URL it was reached at; the
 * package ships the full document with a `{base_url}` variable.
 */
export function buildOpenApiDocument(
  include: (operation: publicTypes.Operation) => boolean = () => true,
  baseUrl?: string,
): Record<string, unknown> {
  const paths: Record<string, Json> = {};
  const included: string[] = [];
  for (const operation of operations) {
    if (!include(operation)) continue;
    included.push(operation.id);
    const key = `${API_PREFIX}${operation.path}`;
    paths[key] ??= {};
    (paths[key] as Json)[operation.method.toLowerCase()] = pathItem(operation);
  }
  const responses = unroutedResponses();
  return {
    openapi: '3.0.3',
    info: {
      title: 'Loyalty Program External API',
      version: `v3 (loyalty-sdk ${SDK_VERSION})`,
      description: 'Generated from the operation table of loyalty-sdk.',
      // The document is the SDK's work: its license and its name, the one contact it can give.
      contact: { name: 'loyalty-sdk' },
      license: { name: license, url: `https://spdx.org/licenses/${license}.html` },
    },
    servers: serversOf(baseUrl),
    security: [{ apikey: [] }],
    tags: documentTags(included),
    paths,
    components: {
      securitySchemes: { apikey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
      schemas: { Envelope: responseJsonSchema(envelope()) },
      headers: usedHeaders([paths, responses]),
      responses,
    },
  };
}
