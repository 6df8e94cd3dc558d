import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { LoyaltyClient } from '../../client/client.js';
import type { Operation } from '../../operations/table.js';
import { callOperation } from '../operations/call-operation.js';
import { operationFlags } from '../table/operation-flags.js';
import { writeEffect } from '../table/tool-effects.js';
import { DRY_RUN_FIELD, TOOL_ARGUMENTS, toolName } from '../table/tool-schema.js';
import { customersRefusal, type McpCaps, pointsRefusal } from './caps.js';
import { type GroupPreviews, PREVIEW_VALID_MS } from './group-previews.js';
import {
  errorResult,
  previewResult,
  readResult,
  refusalResult,
  TooDeepToShowError,
  unshowableResult,
  writeResult,
} from './results.js';
import type { WriteKeys } from './write-keys.js';

/** What one MCP session calls with: the client, the caps, the derived keys and the dry runs. */
export interface ToolSession {
  client: LoyaltyClient;
  caps: McpCaps;
  keys: WriteKeys;
  previews: GroupPreviews;
}

/** A call's arguments, split: the operation's own, and the tool's (occurrence, apply). */
interface SplitArguments {
  fields: Record<string, unknown>;
  occurrence: number;
  apply: boolean;
}

class ArgumentRefusalError extends Error {}

function split(operation: Operation, given: Record<string, unknown>): SplitArguments {
  const {
    [TOOL_ARGUMENTS.occurrence]: occurrence = 1,
    [TOOL_ARGUMENTS.apply]: apply = false,
    ...fields
  } = given;
  const tool = toolName(operation);
  if (writeEffect(operation.id) === undefined && given[TOOL_ARGUMENTS.occurrence] !== undefined)
    throw new ArgumentRefusalError(`${tool} is a read: it takes no ${TOOL_ARGUMENTS.occurrence}`);
  if (!Number.isInteger(occurrence) || (occurrence as number) < 1)
    throw new ArgumentRefusalError(`${TOOL_ARGUMENTS.occurrence}: must be a whole number of at least 1`);
  if (given[TOOL_ARGUMENTS.apply] !== undefined && !operation.groupAction)
    throw new ArgumentRefusalError(`${tool} is no group action: it takes no ${TOOL_ARGUMENTS.apply}`);
  if (typeof apply !== 'boolean')
    throw new ArgumentRefusalError(`${TOOL_ARGUMENTS.apply}: must be true or false`);
  if (operation.groupAction && DRY_RUN_FIELD in fields)
    throw new ArgumentRefusalError(
      `${DRY_RUN_FIELD}: not taken here; the first call is the dry run, apply: true applies it`,
    );
  return { fields, occurrence: occurrence as number, apply };
}

/** The SDK method's arguments: the path parameters in order, and the body or query (the rest). */
function methodArguments(operation: Operation, fields: Record<string, unknown>) {
  const flags = operationFlags(operation);
  const names = new Set(flags.positionals.map((parameter) => parameter.name));
  const positionals = flags.positionals.map((parameter) => fields[parameter.name]);
  const part = Object.fromEntries(Object.entries(fields).filter(([name]) => !names.has(name)));
  if (flags.part === undefined) {
    const unknown = Object.keys(part)[0];
    if (unknown !== undefined)
      throw new ArgumentRefusalError(
        `Invalid arguments for ${operation.id}, nothing was sent: ${unknown}: is not an argument of ${toolName(operation)}`,
      );
    return { positionals, part: undefined };
  }
  return { positionals, part };
}

async function write(session: ToolSession, operation: Operation, args: SplitArguments) {
  const tool = toolName(operation);
  const derived = session.keys.derive(tool, args.fields, args.occurrence);
  if (derived.kind === 'expired') {
    return refusalResult(
      `Refused, nothing was sent: ${tool} was called with these arguments at ${new Date(derived.firstAt).toISOString()}, longer ago than a replay is guaranteed. To apply the same movement again on purpose, call it with occurrence: ${args.occurrence + 1}.`,
    );
  }
  const { positionals, part } = methodArguments(operation, args.fields);
  const body = operation.groupAction ? { ...part, [DRY_RUN_FIELD]: false } : part;
  const response = await callOperation(session.client, operation, positionals, body, {
    idempotencyKey: derived.idempotencyKey,
  });
  return writeResult(response, { repeat: derived.repeat, occurrence: args.occurrence, tool });
}

/**
 * A group action: the first call with these arguments is its dry run (remembered); `apply: true`
 * after it applies, within the caps, in this process or another. Applying with no dry run of the
 * same arguments runs the dry run instead, and says so.
 */
async function groupAction(session: ToolSession, operation: Operation, args: SplitArguments) {
  const tool = toolName(operation);
  const previewed = args.apply ? session.previews.find(tool, args.fields) : undefined;
  if (previewed !== undefined) {
    const refusal = customersRefusal(session.caps, previewed.afectados);
    return refusal === undefined ? write(session, operation, args) : refusalResult(refusal);
  }
  const { positionals, part } = methodArguments(operation, args.fields);
  const response = await callOperation(
    session.client,
    operation,
    positionals,
    { ...part, [DRY_RUN_FIELD]: true },
    {},
  );
  const { afectados } = response.data as { afectados: number };
  session.previews.remember(tool, args.fields, afectados);
  const toApply = args.occurrence === 1 ? args.fields : { ...args.fields, occurrence: args.occurrence };
  return previewResult(
    response,
    { tool, arguments: toApply },
    {
      notApplied: args.apply
        ? `Not applied: there was no dry run of these arguments in the last ${PREVIEW_VALID_MS / 60_000} minutes, so this call ran it.`
        : undefined,
      refusal: customersRefusal(session.caps, afectados),
    },
  );
}

/** Calls the operation of a tool with the model's arguments; every failure is a tool result with isError. */
export async function callTool(
  session: ToolSession,
  operation: Operation,
  given: Record<string, unknown>,
): Promise<CallToolResult> {
  try {
    const args = split(operation, given);
    const refusal = pointsRefusal(session.caps, args.fields);
    if (refusal !== undefined) return refusalResult(refusal);
    if (operation.groupAction) return await groupAction(session, operation, args);
    if (writeEffect(operation.id) !== undefined) return await write(session, operation, args);
    const { positionals, part } = methodArguments(operation, args.fields);
    return readResult(await callOperation(session.client, operation, positionals, part, {}));
  } catch (error) {
    if (error instanceof ArgumentRefusalError) return refusalResult(error.message);
    if (error instanceof TooDeepToShowError) return unshowableResult(toolName(operation));
    return errorResult(error);
  }
}
