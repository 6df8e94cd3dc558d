import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { maskSecretIn, printableJson } from '../../core/index.js';
import { errorResult, unshowableResult } from './results.js';

/** Masks the key in a text; the only thing of the key an MCP session holds. */
export type Mask = (text: string) => string;

/** The key masked however a text spells it (src/core's rule). */
export function keyMask(apiKey: string): Mask {
  return (text) => maskSecretIn(text, apiKey);
}

function copyOf(value: unknown, mask: Mask): unknown {
  if (typeof value === 'string') return mask(value);
  if (value === null || typeof value !== 'object') return value;
  return Array.isArray(value) ? new Array(value.length) : {};
}

/**
 * A copy of a JSON value with every string (and every property name) masked. Iterative: the value
 * is what a service sent, and may nest deeper than recursion would survive.
 */
export function maskedCopy<T>(value: T, mask: Mask): T {
  const top = copyOf(value, mask);
  const stack: [object, Record<string, unknown>][] = [];
  if (top !== null && typeof top === 'object') stack.push([value as object, top as Record<string, unknown>]);
  while (stack.length > 0) {
    const [from, into] = stack.pop() as [object, Record<string, unknown>];
    const array = Array.isArray(from);
    for (const [name, child] of Object.entries(from)) {
      const copy = copyOf(child, mask);
      // defineProperty: a service may name a field `__proto__`, which an assignment would not copy.
      Object.defineProperty(into, array ? name : mask(name), {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (copy !== null && typeof copy === 'object')
        stack.push([child as object, copy as Record<string, unknown>]);
    }
  }
  return top as T;
}

/**
 * A tool result as it may leave the server: within the depth the transport can serialize, and
 * with the key masked in its text and its structured content (the SDK's `data` is not touched).
 */
function shownResult(result: CallToolResult, tool: string, mask: Mask): CallToolResult {
  if (printableJson(result) === undefined) return unshowableResult(tool);
  return maskedCopy(result, mask);
}

/** A resource's contents with the key masked (a service's help text may echo it). */
export function shownResource(result: ReadResourceResult, mask: Mask): ReadResourceResult {
  return maskedCopy(result, mask);
}

/** Said when even the error result of a call could not be built. */
const UNANSWERABLE = 'The call failed, and its error could not be described.';

/**
 * Every call answered: what the tool throws becomes an error result, and the result leaves within
 * the depth the transport serializes, with the key masked.
 */
export async function answered(
  tool: string,
  mask: Mask,
  call: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return shownResult(await call(), tool, mask);
  } catch (error) {
    try {
      return shownResult(errorResult(error), tool, mask);
    } catch {
      return { content: [{ type: 'text', text: UNANSWERABLE }], isError: true };
    }
  }
}
