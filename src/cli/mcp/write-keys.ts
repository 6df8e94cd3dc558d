import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../../core/index.js';
import type { McpMemory } from './memory.js';

/**
 * How long the same write is a replay by default: the reference server remembers a key 24 hours
 * (docs/decisions.md), and the real service does not say. Past it the service may have forgotten
 * the key, so the same call is refused instead of sent as a new movement (docs/mcp.md).
 */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1_000;

/** The prefix of a derived key, so an audit tells the MCP server's writes from others. */
export const MCP_KEY_PREFIX = 'mcp-';

type DerivedKey =
  | { kind: 'key'; idempotencyKey: string; repeat: boolean; firstAt: number }
  | { kind: 'expired'; firstAt: number };

/**
 * Digests of what a call means, for this key at this service only: an HMAC under the API key, so
 * two keys never share one, and nothing derived from them tells the key or the arguments.
 */
export type Meaning = (purpose: string, ...parts: string[]) => string;

export function meaningOf(apiKey: string, service: string): Meaning {
  return (purpose, ...parts) =>
    createHmac('sha256', apiKey)
      .update([purpose, service, ...parts].join('\0'))
      .digest('hex');
}

export interface WriteKeys {
  /** The Idempotency-Key of a write: the same tool, arguments and occurrence give the same key, in any process. */
  derive(tool: string, args: Record<string, unknown>, occurrence: number): DerivedKey;
}

export interface WriteKeySettings {
  meaning: Meaning;
  memory: McpMemory;
  now?: () => number;
  windowMs?: number;
}

/**
 * Keys derived from what the write means (the API key and service, the tool, its arguments in
 * canonical JSON, the occurrence), so every process, chat and reconnect sends the same key for the
 * same write. The memory knows when each was first sent, to refuse one older than the window.
 */
export function createWriteKeys({
  meaning,
  memory,
  now = Date.now,
  windowMs = REPLAY_WINDOW_MS,
}: WriteKeySettings): WriteKeys {
  return {
    derive(tool, args, occurrence) {
      const digest = meaning('write', tool, canonicalJson(args), String(occurrence));
      const idempotencyKey = `${MCP_KEY_PREFIX}${digest.slice(0, 40)}`;
      const at = now();
      // The file holds a digest of the key, not the key: it is sent with the write, and the file is not secret.
      const firstAt = memory.firstWrite(createHash('sha256').update(idempotencyKey).digest('hex'), at);
      if (firstAt === undefined) return { kind: 'key', idempotencyKey, repeat: false, firstAt: at };
      if (at - firstAt > windowMs) return { kind: 'expired', firstAt };
      return { kind: 'key', idempotencyKey, repeat: true, firstAt };
    },
  };
}
