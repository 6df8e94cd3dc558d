import * as z from 'zod/mini';
import { counted } from '../core/index.js';
import type { Operation } from './define.js';
import { API_PREFIX, LIMITS } from './limits.js';
import { once } from './once.js';
import { describeParameters } from './parameters.js';

/** The query parameter every operation accepts besides its own. */
export const HELP_PARAMETER = 'help';

/** The engine answers the help at once: its steps put help before scope, body, validation and idempotency. */
export const HELP_ANSWERED_BEFORE =
  'before the scope, the parameters, the body and the Idempotency-Key are checked';

export const helpFlag = /* @__PURE__ */ once(() =>
  z.optional(
    z
      .boolean('must be true or false')
      .check(
        z.describe(
          `true: answer with the plain-text help of the operation (200, text/plain), ${HELP_ANSWERED_BEFORE}`,
        ),
      ),
  ),
);

export function ruleOf(schema: Record<string, unknown>): string {
  const rules: string[] = [];
  const type = schema.type ?? (schema.enum ? 'enum' : 'any');
  if (schema.enum) rules.push(`one of ${(schema.enum as unknown[]).join(', ')}`);
  if (schema.format === 'date') rules.push('YYYY-MM-DD');
  else if (schema.format) rules.push(String(schema.format));
  if (schema.minLength !== undefined && schema.minLength !== 0)
    rules.push(`at least ${counted(schema.minLength as number, 'char')}`);
  if (schema.maxLength !== undefined) rules.push(`at most ${counted(schema.maxLength as number, 'char')}`);
  if (schema.minimum !== undefined && schema.minimum !== Number.MIN_SAFE_INTEGER)
    rules.push(`>= ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum !== Number.MAX_SAFE_INTEGER)
    rules.push(`<= ${schema.maximum}`);
  const excluded = (schema.not as { enum?: unknown[] } | undefined)?.enum;
  if (excluded) rules.push(`not ${excluded.join(', ')}`);
  return [type, ...rules].join(', ');
}

// A function, not a top-level object: a bundler keeps an unused top-level value whose text reads
// a property (`LIMITS...`), and a client's bundle, which never renders help, would carry it.
const idempotencyText = () => ({
  required: `required (${LIMITS.idempotencyKeyMinLength} to ${LIMITS.idempotencyKeyMaxLength} printable characters; the same key with the same body returns the original answer, with another body 409)`,
  optional: 'accepted, not required (when sent, it is honoured as on the writes that require it)',
  none: 'not used (a read)',
});

/** The plain-text help of an operation (`?help=true`), rendered from the table. */
export function renderHelp(operation: Operation): string {
  const lines = [
    `${operation.id}: ${operation.summary}`,
    '',
    `${operation.method} ${API_PREFIX}${operation.path}`,
    `Scope: ${operation.scope ?? 'none'}`,
    `Idempotency-Key: ${idempotencyText()[operation.idempotency]}`,
    '',
    operation.description,
    '',
  ];
  const parameters = describeParameters(operation);
  if (parameters.length === 0) {
    lines.push('Parameters: none (besides help).');
  } else {
    lines.push('Parameters:');
    for (const parameter of parameters) {
      const required = parameter.required ? 'required' : 'optional';
      const text = parameter.description ? `. ${parameter.description}` : '';
      lines.push(`  ${parameter.in} ${parameter.name} (${ruleOf(parameter.schema)}; ${required})${text}`);
    }
  }
  if (operation.groupAction) {
    lines.push(
      '',
      'Group actions are limited per key per minute, and in the number of customers one action may reach.',
    );
  }
  lines.push(
    '',
    `Every request carries the header apikey. Add ?${HELP_PARAMETER}=true to any operation for this text.`,
    '',
  );
  return lines.join('\n');
}
