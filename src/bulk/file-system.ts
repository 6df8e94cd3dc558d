import type * as FileSystem from 'node:fs/promises';
import { hasLastingFiles, runtimeLabel } from '../runtime.js';

// A variable, not a literal: a bundle for Workers or a page must not try to resolve Node's module,
// and Node, Bun and Deno have it built in, so a Node bundle loses nothing by leaving it out.
const FILE_SYSTEM_MODULE = 'node:fs/promises';

let loaded: Promise<typeof FileSystem> | undefined;

/** `node:fs/promises`, loaded on the first use of a file checkpoint. */
export function loadFileSystem(): Promise<typeof FileSystem> {
  loaded ??= import(/* @vite-ignore */ FILE_SYSTEM_MODULE) as Promise<typeof FileSystem>;
  return loaded;
}

/** Refuses, saying what to use instead, where files do not outlive the request (Workers, a page). */
export function requireLastingFiles(what: string): void {
  if (hasLastingFiles()) return;
  throw new Error(
    `${what} keeps its records in a file, and this runtime (${runtimeLabel()}) has no file system that outlives a request: keep the records in a Checkpoint of your own (isDone, markDone, close) over a store it reaches, such as Workers KV or a Durable Object, or in Redis with createRedisCheckpoint (loyalty-sdk/redis) where a Redis client runs`,
  );
}
