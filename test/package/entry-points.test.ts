import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { prose } from '../../src/operations/prose.js';
import { ERROR_CLASSES } from '../support/error-classes.js';

/** The built package, loaded by its own name as a consumer loads it (runs after `npm run build`). */

const EXPORTS = ['LoyaltyClient', ...ERROR_CLASSES];

const probe = (load: string) => `
  ${load}
  const names = ${JSON.stringify(EXPORTS)};
  console.log(JSON.stringify(names.filter((name) => typeof sdk[name] !== 'function')));
  const e = new sdk.LoyaltyTimeoutError('op', undefined, 'x');
  console.log(JSON.stringify([e instanceof sdk.LoyaltyConnectionError, e instanceof sdk.LoyaltyError, e instanceof Error]));
`;

/** The text of an entry's built file and of every file of dist/ it imports, at once or later. */
function filesOf(entry: string): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (file: string) => {
    if (texts.has(file)) return;
    const text = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
    texts.set(file, text);
    for (const [, imported] of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g))
      visit(imported ?? '');
  };
  visit(entry);
  return texts;
}

/** The operations whose description is in an entry's built file or a file it imports, at once or later. */
function describedIn(entry: string): string[] {
  const texts = filesOf(entry);
  return Object.entries(prose)
    .filter(([, { description }]) => [...texts.values()].some((text) => text.includes(description)))
    .map(([id]) => id);
}

function run(args: string[]): string[] {
  return execFileSync(process.execPath, args, { encoding: 'utf8' }).trim().split('\n');
}

/** `code` run by node as CommonJS (`require`) or as an ES module (`import`); its printed lines. */
function runAs(kind: string, code: string): string[] {
  return run(kind === 'import' ? ['--input-type=module', '-e', code] : ['-e', code]);
}

describe('the built package', () => {
  it("require('loyalty-sdk') gives LoyaltyClient and every error class", () => {
    const [missing, chain] = run(['-e', probe("const sdk = require('loyalty-sdk');")]);
    expect(JSON.parse(missing ?? '')).toEqual([]);
    expect(JSON.parse(chain ?? '')).toEqual([true, true, true]);
  });

  it("import('loyalty-sdk') gives LoyaltyClient and every error class", () => {
    const [missing, chain] = run([
      '--input-type=module',
      '-e',
      probe("const sdk = await import('loyalty-sdk');"),
    ]);
    expect(JSON.parse(missing ?? '')).toEqual([]);
    expect(JSON.parse(chain ?? '')).toEqual([true, true, true]);
  });

  it.each([
    ['require', "const s = require('loyalty-sdk/server'); console.log(typeof s.createReferenceServer);"],
    ['import', "const s = await import('loyalty-sdk/server'); console.log(typeof s.createReferenceServer);"],
  ])('%s of loyalty-sdk/server gives createReferenceServer', (kind, code) => {
    expect(runAs(kind, code)).toEqual(['function']);
  });

  it.each([
    ['require', "const s = require('loyalty-sdk/server'); const sdk = require('loyalty-sdk');"],
    ['import', "const s = await import('loyalty-sdk/server'); const sdk = await import('loyalty-sdk');"],
  ])('with %s, the test client and its errors are the classes loyalty-sdk exports', (kind, load) => {
    const code = `(async () => { ${load}
      const { client } = await s.createTestClient();
      const error = await client.clientes.retrieve('no-such-customer').catch((e) => e);
      console.log(JSON.stringify([client instanceof sdk.LoyaltyClient, error instanceof sdk.NotFoundError]));
    })();`;
    expect(runAs(kind, code)).toEqual(['[true,true]']);
  });

  it.each([
    ['require', "const b = require('loyalty-sdk/bulk');"],
    ['import', "const b = await import('loyalty-sdk/bulk');"],
  ])('%s of loyalty-sdk/bulk gives createFileCheckpoint and deriveIdempotencyKey', (kind, load) => {
    const code = `(async () => { ${load}
      const checkpoint = b.createFileCheckpoint('unused.ckpt');
      console.log(JSON.stringify([typeof b.createFileCheckpoint, typeof b.deriveIdempotencyKey,
        typeof checkpoint.isDone, typeof checkpoint.markDone, typeof checkpoint.close]));
    })();`;
    expect(runAs(kind, code)).toEqual(['["function","function","function","function","function"]']);
  });

  it.each([
    ['require', "const sdk = require('loyalty-sdk');"],
    ['import', "const sdk = await import('loyalty-sdk');"],
  ])('with %s, a client of loyalty-sdk runs a bulk job', (kind, load) => {
    const code = `(async () => { ${load}
      const client = new sdk.LoyaltyClient({ apiKey: 'k'.repeat(32), baseUrl: 'http://127.0.0.1:9' });
      const keys = [];
      const summary = await client.bulk(['a', 'b'], async (item, call) => void keys.push(call.idempotencyKey),
        { jobId: 'entry', itemKey: (item) => item });
      console.log(JSON.stringify([summary.succeeded, keys.every((key) => key.startsWith('bulk-v1-'))]));
    })();`;
    expect(runAs(kind, code)).toEqual(['[2,true]']);
  });

  it.each([
    ['require', "const r = require('loyalty-sdk/redis'); const { Redis } = require('ioredis');"],
    ['import', "const r = await import('loyalty-sdk/redis'); const { Redis } = await import('ioredis');"],
  ])('%s of loyalty-sdk/redis gives a limiter and a checkpoint that work over ioredis', (kind, load) => {
    const code = `(async () => { ${load}
      const redis = new Redis(${JSON.stringify(inject('redisUrl'))});
      const limiter = r.createRedisLimiter({ redis, requestsPerSecond: 10, groupActionsPerMinute: 1 });
      await limiter.forKey('entry-points-${kind}-' + process.pid).acquire('request', undefined);
      const jobId = 'entry-points-${kind}-' + process.pid;
      const checkpoint = r.createRedisCheckpoint({ redis, jobId });
      await checkpoint.markDone({ itemKey: 'a', idempotencyKey: 'bulk-v1-a' });
      console.log(JSON.stringify([await checkpoint.isDone({ itemKey: 'a', idempotencyKey: 'bulk-v1-a' })]));
      await checkpoint.close();
      await redis.quit();
    })();`;
    expect(runAs(kind, code)).toEqual(['[true]']);
  });

  it.each([
    ['require', "const o = require('loyalty-sdk/operations');"],
    ['import', "const o = await import('loyalty-sdk/operations');"],
  ])('%s of loyalty-sdk/operations gives the operation table, its help and validation', (kind, load) => {
    const code = `(async () => { ${load}
      const add = o.getOperation('clientes.puntos.add');
      console.log(JSON.stringify([o.operations.length, add.method, o.renderHelp(add).includes(add.summary),
        o.validateRequest(add, { params: {}, body: {} }).ok]));
    })();`;
    expect(runAs(kind, code)).toEqual(['[18,"POST",true,false]']);
  });

  it("the main entry's files carry none of the operations' prose; loyalty-sdk/operations' carry all", () => {
    expect(describedIn('index.js')).toEqual([]);
    expect(describedIn('operations.js')).toHaveLength(Object.keys(prose).length);
  });

  it("the loyalty bin bundles Node's #undici-loader: the transport's errors are the classes its client knows", () => {
    const importers = [...filesOf('cli.js')].filter(([, text]) => text.includes('"#undici-loader"'));
    expect(importers.map(([file]) => file)).toEqual([]);
  });

  it('loyalty-sdk/openapi.json is the full OpenAPI 3.0 document of the 18 operations', () => {
    const [line] = run([
      '-e',
      "const d = require('loyalty-sdk/openapi.json'); const ops = Object.values(d.paths).flatMap((p) => Object.values(p)); console.log(JSON.stringify([d.openapi, ops.length]));",
    ]);
    const [version, count] = JSON.parse(line ?? '');
    expect(version).toMatch(/^3\.0\./);
    expect(count).toBe(18);
  });
});
