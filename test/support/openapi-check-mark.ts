/**
 * Where a test file's OpenAPI check, once started, is left for the setup file to find: on
 * globalThis, so the setup (run in every file) need not import the check and its libraries
 * (Ajv, openapi-backend, the server) into the files that start none. Each test file runs in a
 * process of its own (vitest.config.ts: pool forks), and the setup clears the mark when read.
 */
import type { OpenApiCheck } from './openapi-check.js';

const MARK = Symbol.for('loyalty-sdk.test.openapi-check');

type Marked = { [MARK]?: Promise<OpenApiCheck> };

/** Leaves this file's check where the setup file reads it. */
export function markOpenApiCheck(check: Promise<OpenApiCheck>): void {
  (globalThis as Marked)[MARK] = check;
}

/** This file's check if one was started, cleared as it is taken. */
export function takeOpenApiCheck(): Promise<OpenApiCheck> | undefined {
  const check = (globalThis as Marked)[MARK];
  delete (globalThis as Marked)[MARK];
  return check;
}
