/**
 * Runs after each test file: every answer its reference servers gave was checked against the
 * served OpenAPI document (test/support/openapi-check.ts); none may break it. It reads the check
 * from its mark, so a file that started none loads none of the check's libraries.
 */
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { takeOpenApiCheck } from './openapi-check-mark.js';

afterAll(async () => {
  const started = takeOpenApiCheck();
  if (!started) return;
  const check = await started;
  const file = relative(process.cwd(), expect.getState().testPath ?? '');
  console.log(`openapi check: ${check.checked} answers, ${check.failures.length} failures (${file})`);
  expect(check.failures).toEqual([]);
});
