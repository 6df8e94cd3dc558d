/**
 * A mock generated from the document by a tool we did not write answers what the SDK accepts:
 * Prism on the document as the build writes it (dist/openapi.json), static and dynamic, each of
 * the 18 operations called through the SDK, each resolving with the envelope the document says
 * (codigoRespuesta 0, meta.scope the operation's). One exception, Prism's and not the document's:
 * `--dynamic` unites the enums of `allOf` members (json-schema-faker), so where the scope is null
 * (openapi.retrieve) it picks any value of the Envelope's enum, each one the SDK takes.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoyaltyClient } from '../../src/index.js';
import { SCOPES } from '../../src/operations/scopes.js';
import { operations } from '../../src/operations/table.js';
import { writeDocument } from '../support/mock-document.js';
import type { RunningMock } from '../support/mock-process.js';
import { startPrismMock } from '../support/prism.js';
import { callValid } from '../support/valid-sdk-calls.js';

const modes = ['static', 'dynamic'] as const;
const mocks = new Map<(typeof modes)[number], RunningMock>();
let file: string | undefined;

beforeAll(async () => {
  file = writeDocument();
  for (const mode of modes) mocks.set(mode, await startPrismMock(file, mode));
}, 120_000);

afterAll(async () => {
  await Promise.all([...mocks.values()].map((mock) => mock.close()));
  if (file) rmSync(dirname(file), { recursive: true, force: true });
});

describe.each(modes)('the SDK against prism mock (%s) of the document', (mode) => {
  const client = () =>
    new LoyaltyClient({ baseUrl: mocks.get(mode)?.baseUrl, apiKey: 'prism-any-key-0123', maxRetries: 0 });

  it.each(operations.map((operation) => [operation.id, operation.scope] as const))(
    '%s resolves with codigoRespuesta 0 and its meta.scope',
    async (id, scope) => {
      const response = await callValid(client(), id);
      expect(response.status).toBe(200);
      if (mode === 'dynamic' && scope === null) expect([null, ...SCOPES]).toContain(response.meta.scope);
      else expect(response.meta.scope).toBe(scope);
    },
  );
});
