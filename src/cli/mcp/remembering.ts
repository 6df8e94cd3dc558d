import { createGroupPreviews, type GroupPreviews, PREVIEW_VALID_MS } from './group-previews.js';
import { createMemory } from './memory.js';
import { createWriteKeys, meaningOf, REPLAY_WINDOW_MS, type WriteKeys } from './write-keys.js';

/** The file every `loyalty mcp` process of the user shares, in the user's state folder (docs/mcp.md, "Across sessions"). */
export const MEMORY_FILE = 'mcp-memory.json';

export interface RememberingSettings {
  apiKey: string;
  /** The API's address (origin and base path): a key derived for one service is never sent to another. */
  service: string;
  /** The memory's file; undefined: this process only. */
  file: string | undefined;
  windowMs?: number;
  now?: () => number;
  warn?: (message: string) => void;
}

/** The derived keys of writes and the dry runs of group actions, over one memory. */
export function remembering({
  apiKey,
  service,
  file,
  windowMs = REPLAY_WINDOW_MS,
  now = Date.now,
  warn = () => {},
}: RememberingSettings): { keys: WriteKeys; previews: GroupPreviews } {
  const meaning = meaningOf(apiKey, service);
  const memory = createMemory({
    file,
    // A write stays known a second window, so the same call past the first is refused, not sent as new.
    keepWritesMs: 2 * windowMs,
    keepPreviewsMs: PREVIEW_VALID_MS,
    now,
    warn,
  });
  return {
    keys: createWriteKeys({ meaning, memory, now, windowMs }),
    previews: createGroupPreviews({ meaning, memory, now }),
  };
}
