import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CLASSES } from '../support/error-classes.js';

/**
 * Every class the built package exports carries its own name, in both builds: the CommonJS one
 * once named them after a transpiler's variables (`NotFoundError.name` was `_class7`, and
 * `console.log(NotFoundError)` printed `[class _class7 extends _class3]`). Runs after `npm run build`.
 */
const CLASSES = ['LoyaltyClient', 'APIPromise', ...ERROR_CLASSES];

/** For each exported class: its name, how util.inspect (console.log) shows it, and an instance's name and text. */
const probe = (load: string) => `
  ${load}
  const init = { status: 404, codigoRespuesta: 9404, msj: 'm', meta: undefined, headers: {}, body: undefined,
    operationId: 'op', idempotencyKey: undefined };
  const make = {
    LoyaltyError: (C) => new C('m'),
    LoyaltyValidationError: (C) => new C('op', []),
    LoyaltyConnectionError: (C) => new C('op', undefined, 'm'),
    LoyaltyTimeoutError: (C) => new C('op', undefined, 'm'),
    LoyaltyAbortError: (C) => new C('m'),
    RouteNotFoundError: (C) => new C(init, 'http://host/ext/v3/x'),
    RedirectError: (C) => new C({ ...init, status: 307 }, 'http://elsewhere/ext/v3/x', 'm'),
    LoyaltyResponseTooLargeError: (C) => new C({ operationId: 'op', idempotencyKey: undefined, limitBytes: 1,
      receivedBytes: 2, declaredBytes: undefined, message: 'm' }),
    LoyaltyBudgetError: (C) => new C({ operationId: 'op', target: 'POST /x', afectados: 2, costoEstimado: 9,
      budget: { afectados: 1 }, spent: { afectados: 0, costoEstimado: 0 } }),
  };
  const isClass = (value) => typeof value === 'function' && /^class\\b/.test(Function.prototype.toString.call(value));
  const shown = Object.entries(sdk).filter(([, value]) => isClass(value)).map(([exported, value]) => {
    const row = { exported, name: value.name, inspected: inspect(value) };
    if (value.prototype instanceof Error) {
      const instance = (make[exported] ?? ((C) => new C(init)))(value);
      row.instanceName = instance.name;
      row.text = String(instance);
    }
    return row;
  });
  console.log(JSON.stringify(shown));
`;

const BUILDS = {
  CommonJS: ['-e', probe("const sdk = require('loyalty-sdk'); const { inspect } = require('node:util');")],
  ESM: [
    '--input-type=module',
    '-e',
    probe("const sdk = await import('loyalty-sdk'); const { inspect } = await import('node:util');"),
  ],
};

interface Shown {
  exported: string;
  name: string;
  inspected: string;
  instanceName?: string;
  text?: string;
}

function classesOf(build: keyof typeof BUILDS): Map<string, Shown> {
  const out = execFileSync(process.execPath, BUILDS[build], { encoding: 'utf8' });
  return new Map((JSON.parse(out) as Shown[]).map((row) => [row.exported, row]));
}

const shownBy: Record<keyof typeof BUILDS, Map<string, Shown>> = { CommonJS: new Map(), ESM: new Map() };

beforeAll(() => {
  shownBy.CommonJS = classesOf('CommonJS');
  shownBy.ESM = classesOf('ESM');
});
const rows = (['CommonJS', 'ESM'] as const).flatMap((build) => CLASSES.map((name) => [build, name] as const));
const PARENTS = ['Error', 'Promise', ...CLASSES].join('|');

describe('the exported classes of the built package', () => {
  it.each(['CommonJS', 'ESM'] as const)(
    '%s: every error class, LoyaltyClient and APIPromise is exported as a class',
    (build) => {
      expect([...shownBy[build].keys()]).toEqual(expect.arrayContaining(CLASSES));
    },
  );

  it.each(rows)('%s: %s.name is its export name', (build, name) => {
    expect(shownBy[build].get(name)?.name).toBe(name);
  });

  it.each(rows)(
    '%s: console.log(%s) shows [class <its name> extends <its parent by name>]',
    (build, name) => {
      expect(shownBy[build].get(name)?.inspected).toMatch(
        new RegExp(`^\\[class ${name}( extends (${PARENTS}))?\\]$`),
      );
    },
  );

  it.each(rows.filter(([, name]) => ERROR_CLASSES.includes(name)))(
    '%s: an instance of %s is named after its class, and String(error) starts with the name',
    (build, name) => {
      const shown = shownBy[build].get(name);
      expect(shown?.instanceName).toBe(name);
      expect(shown?.text?.startsWith(`${name}: `)).toBe(true);
    },
  );
});
