/**
 * Prism (@stoplight/prism-cli, a devDependency): a service we did not write, made from our own
 * OpenAPI document. `prism mock` answers from the document alone (static: its examples, else
 * values made from the schemas; dynamic: values made at random from the schemas, `--seed` fixed so
 * that a run is the same each time); `prism proxy --errors` forwards to a real server and answers
 * a request or an answer that breaks the document with its own error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { API_PREFIX } from '../../src/operations/limits.js';
import { freePort } from './free-port.mjs';

type Json = Record<string, unknown>;

const PRISM = fileURLToPath(import.meta.resolve('@stoplight/prism-cli/dist/index.js'));

/** A fixed seed for `--dynamic`: the same values on every run, so the findings are the same. */
export const PRISM_SEED = 'loyalty-verify';

/** How long Prism may take to read the document and listen (it is slow to start: several seconds). */
const START_MS = 60_000;

export interface RunningPrism {
  /** The `{base_url}` to give the SDK or verify. */
  baseUrl: string;
  close(): Promise<void>;
}

/** The document as the build writes it to dist/openapi.json (tsup.config.ts), in a file of its own. */
export function writeDocument(document: Json = buildOpenApiDocument()): string {
  const file = join(mkdtempSync(join(tmpdir(), 'loyalty-prism-')), 'openapi.json');
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

/**
 * The document with its own answer to `GET /ext/v3/openapi.json`: Prism makes that answer up from
 * the schema (`openapi: "string"`, no paths) unless told, and verify discovers the service there.
 * Static mode answers the example; dynamic mode ignores examples, so `data` is also the schema's
 * `const`. `items` nested a few levels is there for json-schema-faker alone: it walks the value it
 * made against the schema and fails (reading `items` of undefined) on an empty object below an
 * array whose schema says no `items`, as `additionalProperties: {}` below `allOf` is.
 */
export function mockDocument(): Json {
  const document = buildOpenApiDocument();
  const copy = structuredClone(document);
  type Answer = { schema: { allOf: Json[] }; example?: unknown };
  const paths = copy.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
  const ok = paths[`${API_PREFIX}/openapi.json`]?.get?.responses['200'] as {
    content: Record<string, Answer>;
  };
  const answer = ok.content['application/json'] as Answer;
  answer.example = {
    codigoRespuesta: 0,
    msj: 'Éxito',
    data: document,
    meta: { requestId: 'prism-example', appId: 1, scope: null },
  };
  let items: Json = {};
  for (let depth = 0; depth < 32; depth++) items = { items };
  const own = answer.schema.allOf[1] as { properties: Json };
  own.properties.data = { const: document, items };
  return copy;
}

async function answering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}: ${output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`prism did not answer within ${START_MS} ms: ${output()}`);
}

/** Starts `prism <args>` on a free loopback port; resolves once it answers. */
export async function startPrism(args: readonly string[]): Promise<RunningPrism> {
  const port = await freePort();
  const child = spawn(process.execPath, [PRISM, ...args, '--port', String(port), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await answering(`${baseUrl}${API_PREFIX}/openapi.json`, child, () => output);
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** `prism mock` of a document file: static, or `--dynamic` with the fixed seed. */
export function startPrismMock(file: string, mode: 'static' | 'dynamic'): Promise<RunningPrism> {
  const dynamic = mode === 'dynamic' ? ['--dynamic', '--seed', PRISM_SEED] : [];
  return startPrism(['mock', file, ...dynamic, '--verboseLevel', 'error']);
}

/** `prism proxy --errors` of a document file in front of `upstream` (a base URL). */
export function startPrismProxy(file: string, upstream: string): Promise<RunningPrism> {
  return startPrism(['proxy', file, upstream, '--errors', '--verboseLevel', 'error']);
}
