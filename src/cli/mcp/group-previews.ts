import { canonicalJson } from './canonical-json.js';

/**
 * How long a group action's dry run stands for applying it: a group's members change as
 * segments are evaluated, so an old preview is shown again rather than trusted (docs/mcp.md).
 */
export const PREVIEW_VALID_MS = 15 * 60 * 1_000;

export interface GroupPreview {
  afectados: number;
  costoEstimado: number;
  at: number;
}

export interface GroupPreviews {
  remember(tool: string, args: Record<string, unknown>, preview: Omit<GroupPreview, 'at'>): void;
  /** The preview of these arguments made in this session and still valid, if any. */
  find(tool: string, args: Record<string, unknown>): GroupPreview | undefined;
}

/** One session's dry runs of group actions, by tool and arguments. */
export function createGroupPreviews(now: () => number = Date.now, validMs = PREVIEW_VALID_MS): GroupPreviews {
  const previews = new Map<string, GroupPreview>();
  const keyOf = (tool: string, args: Record<string, unknown>) => `${tool}\0${canonicalJson(args)}`;
  return {
    remember(tool, args, preview) {
      previews.set(keyOf(tool, args), { ...preview, at: now() });
    },
    find(tool, args) {
      const preview = previews.get(keyOf(tool, args));
      return preview !== undefined && now() - preview.at <= validMs ? preview : undefined;
    },
  };
}
