/**
 * The tools derive from the operation table (src/cli/table/tool-schema.ts): each field's rule,
 * limit, enum and description as the table says it; the tool's own arguments where they belong;
 * and a tools/list short enough for a model's context.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it } from 'vitest';
import { writeEffect } from '../../src/cli/table/tool-effects.js';
import { OUTPUT_SCHEMAS, type ResultKind } from '../../src/cli/table/tool-output.js';
import { DRY_RUN_FIELD, TOOL_ARGUMENTS, toolDefinition } from '../../src/cli/table/tool-schema.js';
import type { OperationDefinition } from '../../src/operations/define.js';
import { describeParameters } from '../../src/operations/parameters.js';
import { operations as table } from '../../src/operations/table.js';

const operations: readonly OperationDefinition[] = table;

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
const kindOfRow = (operation: OperationDefinition): ResultKind =>
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

/** A model's tokens, estimated as characters / 4 (docs/mcp.md gives a tokenizer's count beside it). */
const estimatedTokens = (text: string): number => Math.ceil(text.length / 4);

describe('the size of tools/list', () => {
  const listed = JSON.stringify({ tools: operations.map((operation) => toolDefinition(operation)) });

  it('stays within 3,000 estimated tokens for all 18 tools, output schemas included (2,623 when written; 2,945 with the output schemas)', () => {
    expect(estimatedTokens(listed)).toBeLessThanOrEqual(3_000);
  });
});
