import { canonicalJson } from '../../core/index.js';
import type { McpMemory, RememberedPreview } from './memory.js';
import type { Meaning } from './write-keys.js';

/**
 * How long a group action's dry run stands for applying it: a group's members change as
 * segments are evaluated, so an old preview is shown again rather than trusted (docs/mcp.md).
 */
export const PREVIEW_VALID_MS = 15 * 60 * 1_000;

export interface GroupPreviews {
  remember(tool: string, args: Record<string, unknown>, afectados: number): void;
  /** The dry run of these arguments made by any process of this key and still valid, if any. */
  find(tool: string, args: Record<string, unknown>): RememberedPreview | undefined;
}

export interface GroupPreviewSettings {
  meaning: Meaning;
  memory: McpMemory;
  now?: () => number;
  validMs?: number;
}

/** The dry runs of group actions, by tool and arguments, kept in the memory every process shares. */
export function createGroupPreviews({
  meaning,
  memory,
  now = Date.now,
  validMs = PREVIEW_VALID_MS,
}: GroupPreviewSettings): GroupPreviews {
  const digestOf = (tool: string, args: Record<string, unknown>) =>
    meaning('preview', tool, canonicalJson(args));
  return {
    remember(tool, args, afectados) {
      memory.rememberPreview(digestOf(tool, args), { afectados, at: now() });
    },
    find(tool, args) {
      const preview = memory.preview(digestOf(tool, args));
      return preview !== undefined && now() - preview.at <= validMs ? preview : undefined;
    },
  };
}
