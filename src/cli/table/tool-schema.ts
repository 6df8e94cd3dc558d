import { describeParameters, type ParameterDescription } from '../../operations/parameters.js';
import type { Operation } from '../../operations/table.js';
import { writeEffect } from './tool-effects.js';
import { OUTPUT_SCHEMAS, type OutputSchema, resultKind } from './tool-output.js';

/**
 * A tool's name is its operation's id with `_` for `.`: `clientes.puntos.add` -> `clientes_puntos_add`
 * (docs/mcp.md, "Tools").
 */
export const toolName = (operation: Pick<Operation, 'id'>): string => operation.id.replaceAll('.', '_');

/** The arguments a tool takes besides the operation's own fields (the MCP server's safety rules, docs/mcp.md). */
export const TOOL_ARGUMENTS = {
  /** Which identical movement this is: 1 (default) the first; a repeat with the same number is a replay. */
  occurrence: 'occurrence',
  /** A group action: apply what an earlier call with the same arguments previewed. */
  apply: 'apply',
} as const;

/** The body field of a group action that the tool sets itself (its preview, then its application). */
export const DRY_RUN_FIELD = 'dryRun';

/** The field the points cap (`--max-points`) bounds, in both operations that move points. */
export const POINTS_FIELD = 'puntos';

/** Command-line bounds the schemas show, so a model sees them before it calls. */
export interface ToolCaps {
  /** The most points one call may add or remove (each customer's, for a group action). */
  maxPoints?: number | undefined;
}

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
  outputSchema: OutputSchema;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

/** The keywords that make a JSON Schema accept less than any value. */
const VALIDATION_KEYWORDS = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'];

/**
 * The schema of the keys an open object does not name (`usuarioData`'s: the table takes any JSON
 * there). Left saying nothing, it reads as a rule forgotten (the MCP Inspector warns), and a
 * model has no hint: it takes the one type the named keys share (the spec's creation keys are
 * all strings), so a model writes every key alike. The service's own check stays the table's.
 */
function otherKeys(additional: unknown, properties: Record<string, Record<string, unknown>>): unknown {
  if (typeof additional !== 'object' || additional === null) return additional;
  if (VALIDATION_KEYWORDS.some((keyword) => keyword in additional))
    return lean(additional as Record<string, unknown>);
  const types = new Set(Object.values(properties).map((property) => property.type));
  const [shared] = types;
  return types.size === 1 && typeof shared === 'string' ? { type: shared } : true;
}

/**
 * What a JSON Schema says that a model need not read: a `pattern` beside a `format` that says the
 * same (`date`, `email`), and the safe-integer bounds zod adds to every integer.
 */
function lean(schema: Record<string, unknown>): Record<string, unknown> {
  const { pattern, ...rest } = schema;
  if (pattern !== undefined && rest.format === undefined) rest.pattern = pattern;
  if (rest.maximum === Number.MAX_SAFE_INTEGER) delete rest.maximum;
  if (rest.minimum === Number.MIN_SAFE_INTEGER) delete rest.minimum;
  if (rest.properties !== undefined) {
    const properties = rest.properties as Record<string, Record<string, unknown>>;
    rest.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, lean(property)]),
    );
    if (rest.additionalProperties !== undefined) {
      rest.additionalProperties = otherKeys(rest.additionalProperties, properties);
    }
  }
  return rest;
}

function capped(parameter: ParameterDescription, caps: ToolCaps): Record<string, unknown> {
  const schema = lean(parameter.schema);
  if (parameter.name !== POINTS_FIELD || caps.maxPoints === undefined) return schema;
  return {
    ...schema,
    minimum: Math.max(Number(schema.minimum), -caps.maxPoints),
    maximum: Math.min(Number(schema.maximum), caps.maxPoints),
  };
}

/** The operation's path, query and body fields as one flat object, with their rules and descriptions. */
function operationProperties(operation: Operation, caps: ToolCaps) {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const parameter of describeParameters(operation)) {
    if (operation.groupAction && parameter.name === DRY_RUN_FIELD) continue;
    properties[parameter.name] = {
      ...capped(parameter, caps),
      ...(parameter.description ? { description: parameter.description } : {}),
    };
    if (parameter.required) required.push(parameter.name);
  }
  return { properties, required };
}

const OCCURRENCE_SCHEMA = {
  type: 'integer',
  minimum: 1,
  description: '2, 3...: repeat on purpose (the same call again is a replay)',
};

const APPLY_SCHEMA = {
  type: 'boolean',
  description: 'true: apply what the same arguments previewed; else a dry run',
};

function descriptionOf(operation: Operation): string {
  // The prose restates the summary in a sentence; one of the two is enough for a model.
  if (!operation.groupAction) return operation.description;
  return `${operation.summary}. First call: a dry run answering afectados and costoEstimado, nothing applied; then the same arguments with apply: true apply it.`;
}

function annotationsOf(operation: Operation): ToolDefinition['annotations'] {
  const effect = writeEffect(operation.id);
  if (effect === undefined) return { readOnlyHint: true };
  return { readOnlyHint: false, destructiveHint: effect.destructive, idempotentHint: effect.idempotent };
}

/** The MCP tool of an operation: its name, a short description, its input and output schemas and its hints, from the table. */
export function toolDefinition(operation: Operation, caps: ToolCaps = {}): ToolDefinition {
  const { properties, required } = operationProperties(operation, caps);
  const effect = writeEffect(operation.id);
  if (effect !== undefined) properties[TOOL_ARGUMENTS.occurrence] = OCCURRENCE_SCHEMA;
  if (operation.groupAction) properties[TOOL_ARGUMENTS.apply] = APPLY_SCHEMA;
  return {
    name: toolName(operation),
    description: descriptionOf(operation),
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
    },
    outputSchema: OUTPUT_SCHEMAS[resultKind(operation)],
    annotations: annotationsOf(operation),
  };
}
