import type * as z from 'zod';
import type { OperationDefinition } from '../operations/define.js';
import { envelope } from '../operations/envelope.js';
import { idempotencyKey } from '../operations/fields.js';
import { HELP_PARAMETER, helpFlag } from '../operations/help.js';
import { API_PREFIX } from '../operations/limits.js';
import { describeParameters, requestJsonSchema, responseJsonSchema } from '../operations/parameters.js';
import { type Operation, operations } from '../operations/table.js';
import { IDEMPOTENCY_HEADER } from '../operations/validate.js';
import { SDK_VERSION } from '../version.js';

/** @inline */
type Json = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid parameters; details names each one',
  '401': 'Invalid key (codigoRespuesta 9501)',
  '403': 'The key lacks the required scope (codigoRespuesta 9503); meta.requiredScope names it',
  '404': 'Unknown resource',
  '409': 'Idempotency conflict',
  '422': 'Business-rule violation; meta.legacy carries the detail',
  '429': 'Rate limit exceeded; Retry-After gives the seconds to wait',
};

function envelopeOf(data: Json): Json {
  return {
    allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data } }],
  };
}

function errorsFor(operation: OperationDefinition): string[] {
  const writes = operation.method !== 'GET';
  const statuses = ['400', '401', '429'];
  if (operation.scope) statuses.push('403');
  if (operation.params) statuses.push('404');
  if (writes) statuses.push('409', '422');
  return statuses.sort();
}

/** A parameter of the document from its zod definition: the rule and the description alike. */
function parameterOf(location: 'query' | 'header', name: string, schema: z.ZodType, required: boolean): Json {
  const { description, ...rule } = requestJsonSchema(schema);
  return { in: location, name, required, schema: rule, ...(description ? { description } : {}) };
}

function parametersOf(operation: OperationDefinition): Json[] {
  const parameters: Json[] = describeParameters(operation)
    .filter((parameter) => parameter.in !== 'body')
    .map(({ in: location, name, required, schema, description }) => ({
      in: location,
      name,
      required,
      schema,
      ...(description ? { description } : {}),
    }));
  parameters.push(parameterOf('query', HELP_PARAMETER, helpFlag, false));
  if (operation.idempotency !== 'none') {
    const required = operation.idempotency === 'required';
    parameters.push(parameterOf('header', IDEMPOTENCY_HEADER, idempotencyKey, required));
  }
  return parameters;
}

function responsesOf(operation: OperationDefinition): Json {
  const responses: Json = {
    '200': {
      description: 'Success',
      content: { 'application/json': { schema: envelopeOf(responseJsonSchema(operation.data)) } },
    },
  };
  for (const status of errorsFor(operation)) {
    responses[status] = {
      description: ERROR_RESPONSES[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
    };
  }
  return responses;
}

function pathItem(operation: OperationDefinition): Json {
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.id.split('.')[0]],
    'x-scope': operation.scope,
    ...(operation.scope ? {} : { security: [] }),
    parameters: parametersOf(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestJsonSchema(operation.body) } },
          },
        }
      : {}),
    responses: responsesOf(operation),
  };
}

/**
 * The OpenAPI 3.0 document of the operations `include` admits (all of them by default).
 * The reference server passes the calling key's scopes; the package ships the full document.
 */
export function buildOpenApiDocument(include: (operation: Operation) => boolean = () => true): Json {
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    if (!include(operation)) continue;
    const key = `${API_PREFIX}${operation.path}`;
    paths[key] ??= {};
    (paths[key] as Json)[operation.method.toLowerCase()] = pathItem(operation);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Loyalty Program External API',
      version: `v3 (loyalty-sdk ${SDK_VERSION})`,
      description: 'Generated from the operation table of loyalty-sdk.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ apikey: [] }],
    paths,
    components: {
      securitySchemes: { apikey: { type: 'apiKey', in: 'header', name: 'apikey' } },
      schemas: {
        Envelope: responseJsonSchema(envelope),
      },
    },
  };
}
