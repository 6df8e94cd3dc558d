/**
 * Runs after each test file: every answer its reference servers gave was checked against the
 * served OpenAPI document (test/support/openapi-check.ts); none may break it.
 */
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { startedOpenApiCheck } from './openapi-check.js';

afterAll(async () => {
  const started = startedOpenApiCheck();
  if (!started) return;
  const check = await started;
  const file = relative(process.cwd(), expect.getState().testPath ?? '');
  console.log(`openapi check: ${check.checked} answers, ${check.failures.length} failures (${file})`);
  expect(check.failures).toEqual([]);
});
