/**
 * Every TypeScript block of README.md runs, as written, against the reference server: a reader
 * who pastes the quickstart gets answers, not a 404. Each block is its own module, run with
 * LOYALTY_API_KEY set to the demo key and undici's global dispatcher answering every origin
 * (`https://loyalty.example.com` included) from a fresh reference engine with the demo data.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createReferenceEngine,
  DEMO_API_KEY,
  type Engine,
  EngineDispatcher,
} from '../../src/server/internal.js';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, '.tmp', 'readme-blocks');

const blocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(
  (match, index) => ({ number: index + 1, code: match[1] ?? '' }),
);

let engine: Engine = createReferenceEngine();
let requests = 0;
let original: Dispatcher;

beforeAll(() => {
  original = getGlobalDispatcher();
  // One dispatcher for the whole file: the SDK keeps the global dispatcher it found first.
  setGlobalDispatcher(
    new EngineDispatcher((request) => {
      requests += 1;
      return engine.handle(request);
    }),
  );
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
});

afterAll(() => {
  setGlobalDispatcher(original);
  vi.unstubAllEnvs();
});

describe('code blocks of the README', () => {
  it('there are blocks to run', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks)(
    'block $number runs against the reference server without an error',
    async ({ number, code }) => {
      vi.stubEnv('LOYALTY_API_KEY', DEMO_API_KEY);
      vi.stubEnv('LOYALTY_BASE_URL', 'https://loyalty.example.com');
      engine = createReferenceEngine();
      requests = 0;
      const file = join(out, `block_${number}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      await import(pathToFileURL(file).href);
      expect(requests).toBeGreaterThan(0);
    },
  );
});
