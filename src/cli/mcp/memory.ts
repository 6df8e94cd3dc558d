import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CONFIG_FILE_BYTES, readCapped } from '../shared/capped-file.js';

/** A group action's dry run as remembered: how many customers it reaches, and when it ran. */
export interface RememberedPreview {
  afectados: number;
  at: number;
}

/**
 * What `loyalty mcp` remembers between processes, by digest only: when each write was first sent,
 * and the group actions' dry runs. Never the key, an argument or a record value.
 */
export interface McpMemory {
  /** When the write of this digest was first sent; records `at` and answers undefined the first time. */
  firstWrite(digest: string, at: number): number | undefined;
  preview(digest: string): RememberedPreview | undefined;
  rememberPreview(digest: string, preview: RememberedPreview): void;
}

export interface MemorySettings {
  /** The one file shared by every process of the user; undefined: this process only. */
  file: string | undefined;
  /** How long a write is remembered, and a dry run. */
  keepWritesMs: number;
  keepPreviewsMs: number;
  now: () => number;
  /** The most writes kept (default MAX_REMEMBERED_WRITES). */
  maxWrites?: number;
  /** Said once when the file cannot be read or written; the process then remembers on its own. */
  warn: (message: string) => void;
}

interface Remembered {
  version: 1;
  writes: Record<string, number>;
  previews: Record<string, RememberedPreview>;
}

/** The most writes kept, newest first: the file stays small whatever a client sends in a day. */
const MAX_REMEMBERED_WRITES = 10_000;

const empty = (): Remembered => ({ version: 1, writes: {}, previews: {} });

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** What the file holds, or nothing usable: a file of another shape is ignored, not trusted. */
function parsed(text: string): Remembered | undefined {
  const value = JSON.parse(text) as Partial<Remembered> | null;
  if (value?.version !== 1 || typeof value.writes !== 'object' || typeof value.previews !== 'object')
    return undefined;
  const remembered = empty();
  for (const [digest, at] of Object.entries(value.writes ?? {}))
    if (isTime(at)) remembered.writes[digest] = at;
  for (const [digest, preview] of Object.entries(value.previews ?? {}))
    if (isTime(preview?.at) && Number.isInteger(preview.afectados)) remembered.previews[digest] = preview;
  return remembered;
}

/** Two processes' memories as one: a write's earliest time, a dry run's latest. */
function merged(a: Remembered, b: Remembered): Remembered {
  const writes = { ...a.writes };
  for (const [digest, at] of Object.entries(b.writes)) writes[digest] = Math.min(at, writes[digest] ?? at);
  const previews = { ...a.previews };
  for (const [digest, preview] of Object.entries(b.previews))
    if ((previews[digest]?.at ?? Number.NEGATIVE_INFINITY) < preview.at) previews[digest] = preview;
  return { version: 1, writes, previews };
}

function pruned(remembered: Remembered, settings: MemorySettings): Remembered {
  const now = settings.now();
  const writes = Object.entries(remembered.writes)
    .filter(([, at]) => now - at <= settings.keepWritesMs)
    .sort(([, a], [, b]) => b - a)
    .slice(0, settings.maxWrites ?? MAX_REMEMBERED_WRITES);
  const previews = Object.entries(remembered.previews).filter(
    ([, preview]) => now - preview.at <= settings.keepPreviewsMs,
  );
  return { version: 1, writes: Object.fromEntries(writes), previews: Object.fromEntries(previews) };
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).name;

/** Written whole to a file beside it, then renamed over it: a reader never sees half a file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The memory of every `loyalty mcp` process of the user: each change reads the file, merges what
 * this process knows, prunes what is past keeping, and writes it back atomically. Two processes
 * changing it in the same instant may lose one entry; the keys stay the same, so a write is
 * still applied once, and only the refusal past the replay window could be missed.
 */
export function createMemory(settings: MemorySettings): McpMemory {
  let own = empty();
  let file = settings.file;
  const stopUsingFile = (doing: string, error: unknown) => {
    settings.warn(
      `cannot ${doing} ${file} (${codeOf(error)}): writes and dry runs are remembered by this process only`,
    );
    file = undefined;
  };
  const load = (): Remembered => {
    if (file === undefined) return own;
    try {
      // A file past this is no memory loyalty mcp wrote (10,000 writes take under 1 MiB): not read, no longer used.
      const found = parsed(readCapped(file, CONFIG_FILE_BYTES));
      if (found === undefined) settings.warn(`${file} is not what loyalty mcp writes; it is started afresh`);
      return merged(found ?? empty(), own);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return own;
      if (error instanceof SyntaxError) {
        settings.warn(`${file} is not JSON; it is started afresh`);
        return own;
      }
      stopUsingFile('read', error);
      return own;
    }
  };
  const save = (remembered: Remembered) => {
    own = pruned(remembered, settings);
    if (file === undefined) return;
    try {
      writeAtomically(file, JSON.stringify(own));
    } catch (error) {
      stopUsingFile('write', error);
    }
  };
  return {
    firstWrite(digest, at) {
      const remembered = load();
      const first = remembered.writes[digest];
      if (first !== undefined && settings.now() - first <= settings.keepWritesMs) {
        own = remembered;
        return first;
      }
      save({ ...remembered, writes: { ...remembered.writes, [digest]: at } });
      return undefined;
    },
    preview(digest) {
      own = load();
      const found = own.previews[digest];
      return found !== undefined && settings.now() - found.at <= settings.keepPreviewsMs ? found : undefined;
    },
    rememberPreview(digest, preview) {
      const remembered = load();
      save({ ...remembered, previews: { ...remembered.previews, [digest]: preview } });
    },
  };
}
