import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `instanceof` holds for an SDK error whichever copy of the classes made it: the ESM and the
 * CommonJS build (an app that `require`s loyalty-sdk and gets a client from the ESM
 * `loyalty-sdk/server` meets both), and two installed copies of the package. Uses the built
 * package (runs after `npm run build`).
 */
const ROOT = join(import.meta.dirname, '..', '..');

/** Runs an ES module script; its last line of output is JSON. */
function run(code: string): unknown {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    cwd: ROOT,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? 'null');
}

/** `(a, b) => [...]`: each error class of `a` made, checked against the classes of `b`. */
const CROSS_CHECK = `(a, b) => {
  const init = { status: 404, codigoRespuesta: 9404, msj: 'm', meta: undefined, headers: {}, body: undefined,
    operationId: 'op', idempotencyKey: undefined };
  const made = {
    NotFoundError: new a.NotFoundError(init),
    RouteNotFoundError: new a.RouteNotFoundError(init, 'http://host/ext/v3/x'),
    UnprocessableEntityError: new a.UnprocessableEntityError({ ...init, status: 422 }),
    LoyaltyTimeoutError: new a.LoyaltyTimeoutError('op', undefined, 'm'),
    LoyaltyValidationError: new a.LoyaltyValidationError('op', []),
    LoyaltyAbortError: new a.LoyaltyAbortError('m'),
    LoyaltyBudgetError: new a.LoyaltyBudgetError({ operationId: 'op', target: 'POST /x', afectados: 2,
      costoEstimado: 9, budget: { afectados: 1 }, spent: { afectados: 0, costoEstimado: 0 } }),
  };
  const classes = ['LoyaltyError', 'LoyaltyApiError', 'NotFoundError', 'RouteNotFoundError',
    'UnprocessableEntityError', 'LoyaltyConnectionError', 'LoyaltyTimeoutError', 'LoyaltyValidationError',
    'LoyaltyAbortError', 'LoyaltyBudgetError', 'ConflictError'];
  return Object.fromEntries(Object.entries(made).map(([name, error]) =>
    [name, classes.filter((other) => error instanceof b[other])]));
}`;

/** What each made error is an instance of, in any copy: its class and its ancestors, nothing else. */
const EXPECTED = {
  NotFoundError: ['LoyaltyError', 'LoyaltyApiError', 'NotFoundError'],
  RouteNotFoundError: ['LoyaltyError', 'LoyaltyApiError', 'NotFoundError', 'RouteNotFoundError'],
  UnprocessableEntityError: ['LoyaltyError', 'LoyaltyApiError', 'UnprocessableEntityError'],
  LoyaltyTimeoutError: ['LoyaltyError', 'LoyaltyConnectionError', 'LoyaltyTimeoutError'],
  LoyaltyValidationError: ['LoyaltyError', 'LoyaltyValidationError'],
  LoyaltyAbortError: ['LoyaltyError', 'LoyaltyAbortError'],
  LoyaltyBudgetError: ['LoyaltyError', 'LoyaltyBudgetError'],
};

const LOAD_BOTH_BUILDS = `
  const esm = await import('loyalty-sdk');
  const cjs = (await import('node:module')).createRequire(import.meta.url)('loyalty-sdk');
  const check = ${CROSS_CHECK};`;

describe('the ESM and the CommonJS build', () => {
  it('the two builds are two copies of the classes (what the brand is for)', () => {
    expect(
      run(`${LOAD_BOTH_BUILDS} console.log(JSON.stringify(esm.NotFoundError === cjs.NotFoundError));`),
    ).toBe(false);
  });

  it('an error of the ESM build is an instance of the CommonJS classes: its own and its ancestors only', () => {
    expect(run(`${LOAD_BOTH_BUILDS} console.log(JSON.stringify(check(esm, cjs)));`)).toEqual(EXPECTED);
  });

  it('an error of the CommonJS build is an instance of the ESM classes: its own and its ancestors only', () => {
    expect(run(`${LOAD_BOTH_BUILDS} console.log(JSON.stringify(check(cjs, esm)));`)).toEqual(EXPECTED);
  });

  it.each([
    [
      'require(loyalty-sdk), import(loyalty-sdk/server)',
      "await import('loyalty-sdk/server')",
      "require('loyalty-sdk')",
    ],
    [
      'import(loyalty-sdk), require(loyalty-sdk/server)',
      "require('loyalty-sdk/server')",
      "await import('loyalty-sdk')",
    ],
  ])('%s: the test client throws errors the app catches with its own classes', (_case, server, main) => {
    const result = run(`
      const require = (await import('node:module')).createRequire(import.meta.url);
      const { createTestClient } = ${server};
      const { NotFoundError, LoyaltyApiError, ConflictError } = ${main};
      const { client } = await createTestClient();
      const error = await client.clientes.retrieve('no-such-customer').catch((e) => e);
      console.log(JSON.stringify([error instanceof NotFoundError, error instanceof LoyaltyApiError, error instanceof ConflictError]));
    `);
    expect(result).toEqual([true, true, false]);
  });

  it("a user's subclass stays an ordinary class: its instances are its, another build's errors are not", () => {
    const result = run(`${LOAD_BOTH_BUILDS}
      class MyNotFound extends cjs.NotFoundError {}
      const init = { status: 404, headers: {}, operationId: 'op' };
      const mine = new MyNotFound(init);
      console.log(JSON.stringify([mine instanceof MyNotFound, mine instanceof cjs.NotFoundError,
        mine instanceof esm.NotFoundError, new esm.NotFoundError(init) instanceof MyNotFound,
        new cjs.NotFoundError(init) instanceof MyNotFound, mine.name]));
    `);
    expect(result).toEqual([true, true, true, false, false, 'NotFoundError']);
  });
});

describe('two installed copies of the package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-sdk-copies-'));
  // The dependencies both copies resolve, as a hoisted install would have them.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** dist and package.json under `<dir>/<name>/node_modules/loyalty-sdk`, as npm installs it; the URL of its ESM entry. */
  function install(name: string): string {
    const target = join(dir, name, 'node_modules', 'loyalty-sdk');
    cpSync(join(ROOT, 'dist'), join(target, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(target, 'package.json'));
    return pathToFileURL(join(target, 'dist', 'index.js')).href;
  }

  const copies: Record<string, string> = {};
  beforeAll(() => {
    copies.first = install('first');
    copies.second = install('second');
  });

  it.each([
    ['first', 'second'],
    ['second', 'first'],
  ])(
    "an error of the %s copy is an instance of the %s copy's classes: its own and its ancestors only",
    (a, b) => {
      const result = run(`
      const a = await import(${JSON.stringify(copies[a])});
      const b = await import(${JSON.stringify(copies[b])});
      if (a.NotFoundError === b.NotFoundError) throw new Error('one copy, not two');
      console.log(JSON.stringify((${CROSS_CHECK})(a, b)));
    `);
      expect(result).toEqual(EXPECTED);
    },
  );
});
