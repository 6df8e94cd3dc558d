import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * How long the same write is a replay: the reference server remembers a key 24 hours
 * (docs/decisions.md), and the real service does not say. Past it the service may have forgotten
 * the key, so the same call is refused instead of sent as a new movement (docs/mcp.md).
 */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1_000;

/** The prefix of a derived key, so an audit tells the MCP server's writes from others. */
export const MCP_KEY_PREFIX = 'mcp-';

export type DerivedKey =
  | { kind: 'key'; idempotencyKey: string; repeat: boolean; firstAt: number }
  | { kind: 'expired'; firstAt: number };

export interface WriteKeys {
  /** The Idempotency-Key of a write: the same tool, arguments and occurrence in this session give the same key. */
  derive(tool: string, args: Record<string, unknown>, occurrence: number): DerivedKey;
}

/**
 * One session's derived keys: a digest of a secret of the session, the tool, its arguments in
 * canonical JSON and the occurrence. Another session (or a restarted server) derives other keys.
 */
export function createWriteKeys(now: () => number = Date.now, windowMs = REPLAY_WINDOW_MS): WriteKeys {
  const secret = randomBytes(32).toString('hex');
  const firstUse = new Map<string, number>();
  return {
    derive(tool, args, occurrence) {
      const digest = createHash('sha256')
        .update(`${secret}\0${tool}\0${canonicalJson(args)}\0${occurrence}`)
        .digest('hex');
      const idempotencyKey = `${MCP_KEY_PREFIX}${digest.slice(0, 40)}`;
      const at = now();
      const firstAt = firstUse.get(idempotencyKey);
      if (firstAt === undefined) {
        firstUse.set(idempotencyKey, at);
        return { kind: 'key', idempotencyKey, repeat: false, firstAt: at };
      }
      if (at - firstAt > windowMs) return { kind: 'expired', firstAt };
      return { kind: 'key', idempotencyKey, repeat: true, firstAt };
    },
  };
}
