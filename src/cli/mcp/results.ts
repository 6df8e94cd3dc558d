import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiResponse } from '../../client/api-promise.js';
import {
  LoyaltyApiError,
  LoyaltyValidationError,
  PermissionDeniedError,
  RateLimitError,
} from '../../client/errors.js';
import { MAX_PRINTED_DEPTH, printableJson, REPLAYED_HEADER_NAME } from '../../core/index.js';
import { messageOf } from '../shared/error-message.js';
import type { PreviewContent, ReadContent, WriteContent } from '../table/tool-output.js';

/** What the service answered nests deeper than JSON.stringify survives: the call says so (shown.ts). */
export class TooDeepToShowError extends Error {}

/** The JSON first, for clients that read only text, then the notes. */
function texts(json: Record<string, unknown>, notes: string[]): CallToolResult['content'] {
  const text = printableJson(json);
  if (text === undefined) throw new TooDeepToShowError();
  return [{ type: 'text', text }, ...notes.map((note) => ({ type: 'text' as const, text: note }))];
}

/** A result in the form its tool's outputSchema declares (src/cli/table/tool-output.ts), also as JSON text. */
function result(
  structured: ReadContent | WriteContent | PreviewContent,
  notes: string[] = [],
  isError = false,
): CallToolResult {
  return {
    content: texts({ ...structured }, notes),
    structuredContent: { ...structured },
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * A failure: `{ error }` as JSON text only. No `structuredContent`: it would not match the tool's
 * outputSchema, and the MCP SDK's Client (1.x) validates the structured content of error results
 * too, so it would throw instead of handing over the error; without it, an error result is valid.
 */
function failure(error: Record<string, unknown>, note: string): CallToolResult {
  return { content: texts({ error }, [note]), isError: true };
}

/** The answer of a read. */
export function readResult(response: ApiResponse<unknown>): CallToolResult {
  return result({ data: response.data, requestId: response.meta?.requestId });
}

export interface WriteFacts {
  /** The same tool, arguments and occurrence were sent before, by this process or another. */
  repeat: boolean;
  occurrence: number;
  tool: string;
}

/**
 * The answer of a write: `replayed` as the service says it (its Idempotent-Replayed header), else
 * as the memory of `loyalty mcp` knows it (the same key sent before).
 */
export function writeResult(response: ApiResponse<unknown>, facts: WriteFacts): CallToolResult {
  // The service's word (`response.replayed`) when it says anything; a service that sends no such header leaves it to the memory.
  const replayed = response.headers[REPLAYED_HEADER_NAME] === undefined ? facts.repeat : response.replayed;
  const notes = replayed
    ? [
        `Replayed: ${facts.tool} was already called with these arguments (in this chat or another), so nothing was applied again and this is the first answer. To apply the same movement again on purpose, call it with occurrence: ${facts.occurrence + 1}.`,
      ]
    : [];
  return result(
    {
      data: response.data,
      requestId: response.meta?.requestId,
      replayed,
      idempotencyKey: response.idempotencyKey,
    },
    notes,
  );
}

export interface PreviewOutcome {
  /** Why the call answers with a dry run when it asked to apply (no preview of these arguments yet). */
  notApplied?: string | undefined;
  /** Why it may not be applied through this server (a cap). */
  refusal?: string | undefined;
}

/** A group action's dry run, and what to send to apply it; an error when the call asked to apply. */
export function previewResult(
  response: ApiResponse<unknown>,
  apply: { tool: string; arguments: Record<string, unknown> },
  outcome: PreviewOutcome,
): CallToolResult {
  const structured: PreviewContent = {
    applied: false,
    preview: response.data,
    requestId: response.meta?.requestId,
    ...(outcome.refusal === undefined
      ? { toApply: { tool: apply.tool, arguments: { ...apply.arguments, apply: true } } }
      : {}),
  };
  const next =
    outcome.refusal ??
    `Dry run only, nothing was applied. To apply it, call ${apply.tool} again with the same arguments and apply: true.`;
  const note = outcome.notApplied === undefined ? next : `${outcome.notApplied} ${next}`;
  return result(structured, [note], outcome.notApplied !== undefined);
}

/** A refusal of this server's own (a cap, an expired replay window): nothing was sent. */
export function refusalResult(message: string): CallToolResult {
  return failure({ message }, message);
}

/** Said instead of an answer that nests too deep to serialize: one sentence, never a crash or no answer. */
export function unshowableResult(tool: string): CallToolResult {
  return refusalResult(
    `The service's answer to ${tool} nests deeper than ${MAX_PRINTED_DEPTH} levels, which no answer of this API does, so it is not shown.`,
  );
}

/** What an assistant can act on, beside the message: never the request's headers or the key. */
function errorFacts(error: unknown): Record<string, unknown> {
  const facts: Record<string, unknown> = {
    message: messageOf(error),
    type: error instanceof Error ? error.constructor.name : typeof error,
  };
  if (error instanceof LoyaltyValidationError)
    facts.issues = error.issues.map(({ path, message }) => ({ path, message }));
  if (error instanceof LoyaltyApiError) {
    facts.status = error.status;
    facts.codigoRespuesta = error.codigoRespuesta;
    facts.requestId = error.requestId;
  }
  if (error instanceof PermissionDeniedError) facts.requiredScope = error.requiredScope;
  if (error instanceof RateLimitError) facts.retryAfterMs = error.retryAfterMs;
  return facts;
}

/** A failure of the call as a tool result (`isError`), with the SDK's message; a 429 says when to retry. */
export function errorResult(error: unknown): CallToolResult {
  const facts = errorFacts(error);
  const retry =
    error instanceof RateLimitError
      ? ` Rate limited: retry ${error.retryAfterMs === undefined ? 'in a few seconds' : `after ${Math.ceil(error.retryAfterMs / 1000)} s`}; a write retried the same way is replayed, not applied twice.`
      : '';
  return failure(facts, `${facts.message}${retry}`);
}
