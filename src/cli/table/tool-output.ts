import type { Operation } from '../../operations/table.js';
import { writeEffect } from './tool-effects.js';

/** What a tool's result is, by its operation's row: a read, a write, or a group action (dry run, then a write). */
export type ResultKind = 'read' | 'write' | 'groupAction';

export function resultKind(operation: Pick<Operation, 'id' | 'groupAction'>): ResultKind {
  if (operation.groupAction) return 'groupAction';
  return writeEffect(operation.id) === undefined ? 'read' : 'write';
}

/** The `structuredContent` of a read (src/cli/mcp/results.ts builds it). */
export interface ReadContent {
  data: unknown;
  requestId: string;
}

/** The `structuredContent` of a write, and of a group action applied. */
export interface WriteContent extends ReadContent {
  replayed: boolean;
  idempotencyKey: string | undefined;
}

/** The `structuredContent` of a group action's dry run (`toApply` left out when a cap refuses it). */
export interface PreviewContent {
  applied: false;
  preview: unknown;
  requestId: string;
  toApply?: { tool: string; arguments: Record<string, unknown> };
}

export interface OutputSchema {
  type: 'object';
  required?: string[];
  anyOf?: { required: string[] }[];
}

/**
 * The fields each form always has, no more: `data` and `preview` stay open (no record schema), so
 * a field the service adds can never make a result invalid; the fields' meaning is in
 * docs/mcp.md and the results' notes, kept out of tools/list (its size, docs/decisions.md).
 */
const READ: (keyof ReadContent)[] = ['data'];
const WRITE: (keyof WriteContent)[] = ['data', 'replayed'];
const PREVIEW: (keyof PreviewContent)[] = ['preview'];

/** One schema per kind, the same object for every tool of that kind. */
export const OUTPUT_SCHEMAS: Readonly<Record<ResultKind, OutputSchema>> = {
  read: { type: 'object', required: READ },
  write: { type: 'object', required: WRITE },
  groupAction: { type: 'object', anyOf: [{ required: WRITE }, { required: PREVIEW }] },
};
