/**
 * The tools derive from the operation table (src/cli/table/tool-schema.ts): each field's rule,
 * limit, enum and description as the table says it; the tool's own arguments where they belong;
 * and a tools/list short enough for a model's context.
 */
import { readFileSync } from 'node:fs';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { writeEffect } from '../../src/cli/table/tool-effects.js';
import { OUTPUT_SCHEMAS, type ResultKind } from '../../src/cli/table/tool-output.js';
import { DRY_RUN_FIELD, TOOL_ARGUMENTS, toolDefinition, toolName } from '../../src/cli/table/tool-schema.js';
import { clientesCreate } from '../../src/operations/clientes.js';
import { describeParameters } from '../../src/operations/parameters.js';
import type { Operation } from '../../src/operations/table.js';
import { operations as table } from '../../src/operations/table.js';

const operations: readonly Operation[] = table;

/** What a tool may leave out of a field's schema: a pattern its format says, the safe-integer bounds. */
const RULES = ['type', 'enum', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'not'] as const;

function rulesOf(schema: Record<string, unknown>): Record<string, unknown> {
  const rules: Record<string, unknown> = {};
  for (const rule of RULES) {
    const value = schema[rule];
    if (value === undefined || Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER) continue;
    rules[rule] = value;
  }
  return rules;
}

describe.each(operations.map((operation) => [operation.id, operation] as const))('%s', (_id, operation) => {
  const tool = toolDefinition(operation);
  const parameters = describeParameters(operation).filter(
    (parameter) => !(operation.groupAction && parameter.name === DRY_RUN_FIELD),
  );

  it('takes each path, query and body field with the rule, limits, enum and description of the table', () => {
    for (const parameter of parameters) {
      const property = tool.inputSchema.properties[parameter.name] ?? {};
      expect(rulesOf(property), parameter.name).toEqual(rulesOf(parameter.schema));
      expect(property.description, parameter.name).toBe(parameter.description);
    }
  });

  it('requires what the table requires', () => {
    const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    expect(tool.inputSchema.required ?? []).toEqual(required);
  });

  it('takes occurrence if it writes, apply if it is a group action, and nothing else of its own', () => {
    const own = Object.keys(tool.inputSchema.properties).filter(
      (name) => !parameters.some((parameter) => parameter.name === name),
    );
    const expected = [
      ...(writeEffect(operation.id) ? [TOOL_ARGUMENTS.occurrence] : []),
      ...(operation.groupAction ? [TOOL_ARGUMENTS.apply] : []),
    ];
    expect(own).toEqual(expected);
  });

  it('is described by the prose of the table (a group action by its summary and how to apply it), briefly', () => {
    expect(
      tool.description.startsWith(operation.groupAction ? operation.summary : operation.description),
    ).toBe(true);
    expect(tool.description.length).toBeLessThanOrEqual(200);
  });
});

/** The kind of a row as the table says it: a group action, else a read if it is a GET, else a write. */
const kindOfRow = (operation: Operation): ResultKind =>
  operation.groupAction ? 'groupAction' : operation.method === 'GET' ? 'read' : 'write';

describe.each(operations.map((operation) => [operation.id, operation] as const))(
  '%s output schema',
  (_id, operation) => {
    it(`is the one schema of its kind (${kindOfRow(operation)}: from method and groupAction)`, () => {
      expect(toolDefinition(operation).outputSchema).toBe(OUTPUT_SCHEMAS[kindOfRow(operation)]);
    });
  },
);

/** The forms of structuredContent src/cli/mcp/results.ts builds, with records the SDK does not know. */
const FORMS = {
  read: { data: { uid: 'cli_0001', fieldTheSdkDoesNotKnow: [1, { x: null }] }, requestId: 'req_1' },
  readOfAList: { data: [{ anything: true }], requestId: 'req_2' },
  write: { data: { saldo: 10, extra: 'new' }, requestId: 'req_3', replayed: true, idempotencyKey: 'mcp-ab' },
  preview: {
    applied: false,
    preview: { dryRun: true, afectados: 2, costoEstimado: 4, extra: {} },
    requestId: 'req_4',
    toApply: { tool: 'grupos_puntos_add', arguments: { grupoId: 1, apply: true } },
  },
  previewRefusedByACap: { applied: false, preview: { afectados: 900 }, requestId: 'req_5' },
  error: { error: { message: 'body.puntos: must not be 0' } },
} as const;

/** Which forms a validating client accepts for each kind of tool. */
const ACCEPTS: Record<ResultKind, (keyof typeof FORMS)[]> = {
  read: ['read', 'readOfAList', 'write'],
  write: ['write'],
  groupAction: ['write', 'preview', 'previewRefusedByACap'],
};

describe('the output schemas, checked by the validator the MCP SDK Client uses', () => {
  const validator = new AjvJsonSchemaValidator();
  const cases = Object.entries(ACCEPTS).flatMap(([kind, accepted]) =>
    Object.keys(FORMS).map((form) => [kind, form, accepted.includes(form as keyof typeof FORMS)] as const),
  );

  it.each(cases)('a %s tool: the %s form is valid: %s', (kind, form, valid) => {
    const validate = validator.getValidator(OUTPUT_SCHEMAS[kind as ResultKind]);
    expect(validate(FORMS[form as keyof typeof FORMS]).valid).toBe(valid);
  });
});

describe('caps shown in the schemas', () => {
  it('--max-points narrows puntos of both operations that move points', () => {
    for (const id of ['clientes.puntos.add', 'grupos.puntos.add']) {
      const operation = operations.find((candidate) => candidate.id === id);
      if (!operation) throw new Error(id);
      const puntos = toolDefinition(operation, { maxPoints: 250 }).inputSchema.properties.puntos;
      expect([puntos?.minimum, puntos?.maximum], id).toEqual([-250, 250]);
    }
  });
});

/** Each schema inside a tool's input (properties, other keys, items), with where it is. */
function* schemasIn(schema: unknown, path: string): Generator<[string, unknown]> {
  yield [path, schema];
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
    yield* schemasIn(property, `${path}.${name}`);
  }
  if (node.additionalProperties !== undefined)
    yield* schemasIn(node.additionalProperties, `${path}.additionalProperties`);
  if (node.items !== undefined) yield* schemasIn(node.items, `${path}.items`);
}

/** What the MCP Inspector (`--strict`) counts as a rule: without one, a schema is a bare `true` spelled as an object. */
const VALIDATION_KEYWORDS = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'];

describe('keys an object does not name', () => {
  const createRow = operations.find((operation) => operation.id === clientesCreate.id);
  if (!createRow) throw new Error(clientesCreate.id);
  const createTool = toolDefinition(createRow);
  const usuarioData = createTool.inputSchema.properties.usuarioData ?? {};
  const namedKeys = Object.keys(clientesCreate.body.shape.usuarioData.shape);

  it.each(operations.map((operation) => [toolName(operation), operation] as const))(
    '%s: every schema of its input carries a validation keyword',
    (_name, operation) => {
      for (const [path, schema] of schemasIn(toolDefinition(operation).inputSchema, 'inputSchema')) {
        if (typeof schema === 'boolean') continue;
        const keywords = Object.keys(schema as object).filter((key) => VALIDATION_KEYWORDS.includes(key));
        expect(keywords, path).not.toEqual([]);
      }
    },
  );

  it("usuarioData names the spec's creation keys, each a string as the table types it", () => {
    const properties = usuarioData.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(namedKeys);
    expect(namedKeys).toEqual(
      expect.arrayContaining(['nombre', 'apellido', 'email', 'telefono', 'num_id', 'tipo_id', 'birthdate']),
    );
    for (const key of namedKeys) expect(properties[key]?.type, key).toBe('string');
  });

  it('usuarioData is open to more keys, typed as strings like the named ones', () => {
    expect(usuarioData.additionalProperties).toEqual({ type: 'string' });
    const validate = new AjvJsonSchemaValidator().getValidator(createTool.inputSchema);
    const withMore = { usuarioData: { nombre: 'Ana', email: 'ana@example.com', extId: 'erp-7' } };
    expect(validate(withMore).valid).toBe(true);
    expect(validate({ usuarioData: { nombre: 'Ana', extId: 7 } }).valid).toBe(false);
  });

  it("the table's own check still takes any JSON for those keys (what the service is sent is not narrowed)", () => {
    const body = { usuarioData: { nombre: 'Ana', extId: 7, extra: { nested: [true, null] } } };
    expect(z.safeParse(clientesCreate.body, body).success).toBe(true);
  });
});

/** A model's tokens, estimated as characters / 4. */
const estimatedTokens = (text: string): number => Math.ceil(text.length / 4);

/** docs/mcp.md gives the figure to the nearest ten tokens. */
const DOC_ROUNDING = 10;

/** The figure docs/mcp.md gives: "All 18 tools' `tools/list` is about 2,910 tokens". */
function documentedSize(): { tools: number; tokens: number } {
  const doc = readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
  const found = /All (\d+) tools' `tools\/list` is about ([\d,]+) tokens/.exec(doc);
  if (!found) throw new Error('docs/mcp.md no longer says how large tools/list is');
  return { tools: Number(found[1]), tokens: Number(found[2]?.replaceAll(',', '')) };
}

describe('the size of tools/list', () => {
  const listed = JSON.stringify({ tools: operations.map((operation) => toolDefinition(operation)) });

  it('stays within 3,000 estimated tokens for all 18 tools, output schemas included', () => {
    expect(estimatedTokens(listed)).toBeLessThanOrEqual(3_000);
  });

  it('is the figure docs/mcp.md gives, to its nearest ten tokens, for as many tools as the table has', () => {
    const measured = Math.round(estimatedTokens(listed) / DOC_ROUNDING) * DOC_ROUNDING;
    expect(documentedSize()).toEqual({ tools: operations.length, tokens: measured });
  });
});
