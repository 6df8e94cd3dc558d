/**
 * fast-check arbitraries shared by the fuzz and security suites: hostile strings and numbers,
 * values of the wrong type, objects whose own keys are `__proto__` or `constructor`, and, for each
 * operation of the table, arguments that mix valid and invalid values field by field.
 */
import * as fc from 'fast-check';
import { pathParamNames } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/table.js';

/** Seed customers of the demo data, and ids that exist in it. */
export const SEED_UIDS = Array.from(
  { length: 24 },
  (_, index) => `cli_${String(index + 1).padStart(4, '0')}`,
);

/** Keys that target prototypes when assigned naively. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** A marker that must never show up on Object.prototype. */
export const POLLUTION_MARKER = 'fuzzPolluted';

/** A UTF-16 code unit: lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

const specialStrings = fc.constantFrom(
  '',
  ' ',
  '.',
  '..',
  '...',
  '/',
  '%',
  '%2F',
  '%2e%2e',
  '../x',
  'a/b',
  '?x',
  '#x',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  '\r\n',
  '\t',
  '\u007f',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '😀',
  'ñ',
  'Ω≈ç√',
  '\u202E',
  '0',
  '-1',
  '1e3',
  'true',
  'null',
  'NaN',
);

/** Strings of any kind: empty, unicode of every plane, lone surrogates, control characters, long. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: specialStrings },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 100, maxLength: 700 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '😀', '%', '/'), fc.integer({ min: 110, max: 5_000 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
);

/** Numbers at every edge: NaN, infinities, -0, the smallest and largest doubles, decimals, huge integers. */
export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    0,
    1,
    -1,
    0.5,
    Number.MIN_VALUE,
    -Number.MIN_VALUE,
    Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    1e21,
    2 ** 31,
    -(2 ** 31),
    10_000,
    10_000.000001,
    -10_000,
    -10_000.000001,
    9_999.999999,
  ),
  fc.integer(),
  fc.double(),
  fc.double({ min: -20_000, max: 20_000 }),
);

/** Objects and arrays nested `depth` levels deep (beyond any stack a naive recursion has). */
export function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Values no JSON can hold: cycles, and nesting a recursive walk cannot survive. */
export const unserializable: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .constantFrom(50, 200, 2_000, 20_000)
    .chain((depth) =>
      fc.constantFrom('object' as const, 'array' as const).map((kind) => nested(depth, kind)),
    ),
  fc.constant(null).map(() => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    return cycle;
  }),
  fc.constant(null).map(() => {
    const cycle: unknown[] = [1];
    cycle.push(cycle);
    return cycle;
  }),
);

/** Everything that is not the type asked for: other primitives, arrays, objects, dates, functions. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, false, Symbol('fuzz'), () => 1, 10n, new Date(0)),
  anyNumber,
  anyString,
  fc.bigInt(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.object({ maxDepth: 2, maxKeys: 4 }),
  fc.anything({ maxDepth: 2, withBigInt: true, withDate: true, withMap: true, withSet: true }),
  unserializable,
);

/**
 * An object with exactly these own enumerable entries, in order. `Object.defineProperty` makes
 * `__proto__` an own key (as JSON.parse does), never the prototype.
 */
export function ownObject(entries: readonly (readonly [string, unknown])[], nullPrototype = false): object {
  const object: Record<string, unknown> = nullPrototype ? Object.create(null) : {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** A payload that would pollute Object.prototype if merged naively. */
export const pollutingValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  JSON.parse(`{"${POLLUTION_MARKER}": "yes"}`),
  JSON.parse(`{"prototype": {"${POLLUTION_MARKER}": "yes"}}`),
  JSON.parse(`{"__proto__": {"${POLLUTION_MARKER}": "yes"}}`),
);

/** Extra keys an object may carry: typos, prototype keys, random names. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom('nombr', 'Puntos', 'email', 'help', 'toString', 'valueOf') },
  { weight: 2, arbitrary: anyString },
);

const extraValue: fc.Arbitrary<unknown> = fc.oneof(pollutingValue, wrongType);

const validDate = fc
  .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A date `YYYY-MM-DD`, usually real, sometimes not on the calendar (2023-02-29, month 13). */
export const dateLike: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: validDate },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(
        ([year, month, day]) =>
          `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2024-02-29', '2023-02-29', '2025-1-01', '2025-01-01T00:00:00Z', ''),
  },
);

/**
 * Dates of a coupon-usage period. Drawn apart from each other, so most pairs come from one year
 * (any ordered pair of them is a period the server answers); now and then from two decades, which
 * crosses the limit of `LIMITS.cuponesMaxDays`, or a date that is not one.
 */
const dayOf = (min: string, max: string) =>
  fc
    .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

const periodDate: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: dayOf('2025-01-01', '2025-12-31') },
  { weight: 1, arbitrary: dayOf('2015-01-01', '2035-12-31') },
  { weight: 1, arbitrary: fc.constantFrom('2024-02-29', '2023-02-29', '2025-13-01', '2025-1-01', '') },
);

const limitedString = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }) },
    { weight: 1, arbitrary: fc.string({ unit: codeUnit, minLength: min, maxLength: Math.min(max, 30) }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), '😀'.repeat(max), '') },
  );

const points = fc.oneof(
  fc.integer({ min: -10_000, max: 10_000 }),
  fc.double({ min: -10_000, max: 10_000, noNaN: true }),
  fc.constantFrom(1, -1, 10_000, -10_000, 0.1, 5e-324, -5e-324),
);

const idLike = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 31, 1_000_000) },
);

export const uidLike: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SEED_UIDS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, minLength: 1, maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '../x',
      'a/b',
      '%2F',
      '..%2F',
      '?x',
      '#x',
      '.',
      '..',
      'x'.repeat(128),
      'x'.repeat(129),
    ),
  },
);

const jsonExtra = fc.jsonValue({ maxDepth: 3 });

const usuarioDataLike = fc
  .tuple(
    fc.record(
      {
        nombre: anyString,
        apellido: anyString,
        email: fc.oneof({ weight: 4, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: anyString }),
        telefono: anyString,
        num_id: anyString,
        tipo_id: anyString,
        birthdate: fc.oneof({ weight: 3, arbitrary: validDate }, { weight: 1, arbitrary: dateLike }),
        ciudad: anyString,
        genero: anyString,
      },
      { requiredKeys: [] },
    ),
    fc.array(
      fc.tuple(extraKey, fc.oneof({ weight: 8, arbitrary: jsonExtra }, { weight: 1, arbitrary: extraValue })),
      { maxLength: 3 },
    ),
  )
  .map(([known, extras]) => ownObject([...Object.entries(known), ...extras]));

/** Values the table's rules accept, by field name (path, query and body alike). */
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  uid: uidLike,
  tareaId: idLike,
  grupoId: idLike,
  regaloId: idLike,
  status: fc.constantFrom(0, 1),
  nombre: limitedString(1, 120),
  usuarioData: usuarioDataLike,
  usuarioPassword: anyString,
  completo: fc.boolean(),
  apellido: anyString,
  telefono: anyString,
  tipoId: anyString,
  numId: anyString,
  extId: anyString,
  genero: anyString,
  ciudad: anyString,
  birthday: dateLike,
  tipoContribuyente: fc.integer({ min: 0, max: 7 }),
  digitoVerificador: anyString,
  genericString1: anyString,
  genericString2: anyString,
  genericString3: anyString,
  genericString4: anyString,
  genericString5: anyString,
  genericInt1: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER)),
  genericInt2: fc.integer(),
  genericInt3: fc.integer(),
  genericInt4: fc.integer(),
  genericInt5: fc.integer(),
  genericDate1: dateLike,
  genericDate2: dateLike,
  puntos: points,
  motivo: anyString,
  titulo: limitedString(1, 120),
  mensaje: limitedString(1, 500),
  dryRun: fc.boolean(),
  etiqueta: limitedString(1, 40),
  tipo: fc.oneof(fc.constantFrom(1, 3, 7, 101), fc.nat(), fc.constant(-0)),
  comando: fc.oneof(fc.constantFrom('activar', 'desactivar', 'programar'), limitedString(1, 40)),
  fecha: fc.oneof(
    dateLike,
    fc.constantFrom('2026-12-01T09:00:00-05:00', '2026-12-01T09:00:00', 'mañana'),
    limitedString(0, 30),
  ),
  inicio: periodDate,
  fin: periodDate,
};

/** A value for a field: one of its own kind (edges included), or in chaos mode now and then anything at all. */
export function fieldValue(name: string, chaos = true): fc.Arbitrary<unknown> {
  const valid = VALID[name] ?? anyString;
  return chaos ? fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: wrongType }) : valid;
}

const OMIT = Symbol('omit');

/**
 * An object for a schema's keys: each key present most of the time with a mixed value, now and
 * then an extra key (prototype keys included), rarely a null prototype.
 */
export function objectFor(keys: readonly string[]): fc.Arbitrary<object> {
  return fc.oneof(
    { weight: 4, arbitrary: objectOf(keys, false) },
    { weight: 1, arbitrary: objectOf(keys, true) },
  );
}

/** Without chaos: the values of each key are of its kind and nothing is added. */
function objectOf(keys: readonly string[], chaos: boolean): fc.Arbitrary<object> {
  const members = keys.map((key) =>
    fc
      .oneof({ weight: 1, arbitrary: fc.constant(OMIT) }, { weight: 6, arbitrary: fieldValue(key, chaos) })
      .map((value) => [key, value] as const),
  );
  const noExtras = fc.constant([] as (readonly [string, unknown])[]);
  return fc
    .tuple(
      fc.tuple(...members),
      chaos
        ? fc.oneof(
            { weight: 6, arbitrary: noExtras },
            {
              weight: 2,
              arbitrary: fc.array(fc.tuple(extraKey, extraValue), { minLength: 1, maxLength: 2 }),
            },
          )
        : noExtras,
      fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    )
    .map(([present, extras, nullPrototype]) =>
      ownObject(
        [...(present as (readonly [string, unknown])[]).filter(([, value]) => value !== OMIT), ...extras],
        nullPrototype,
      ),
    );
}

function shapeKeys(schema: Operation['body']): string[] {
  return schema ? Object.keys(schema.shape) : [];
}

/** The SDK method's arguments: path parameters in order, then its input object if it takes one. */
export interface MethodArguments {
  params: unknown[];
  /** Present when the method takes a query or body object. */
  input?: unknown;
  hasInput: boolean;
}

/** Arguments of an operation's SDK method, mixing valid and invalid values. */
export function argumentsFor(operation: Operation): fc.Arbitrary<MethodArguments> {
  const params = fc.tuple(
    ...pathParamNames(operation.path).map((name) =>
      fc.oneof({ weight: 8, arbitrary: fieldValue(name, false) }, { weight: 1, arbitrary: wrongType }),
    ),
  );
  const inputSchema = operation.body ?? operation.query;
  if (!inputSchema) return params.map((values) => ({ params: values, hasInput: false }));
  // A query with no required field may be left out (client/query-args.ts); a body never.
  const inputOptional = operation.body === undefined && inputSchema.safeParse({}).success;
  const input = fc.oneof(
    { weight: 12, arbitrary: objectFor(shapeKeys(inputSchema)) },
    { weight: inputOptional ? 2 : 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: wrongType },
  );
  return fc.tuple(params, input).map(([values, value]) => ({ params: values, input: value, hasInput: true }));
}

/** An Idempotency-Key option: absent most of the time, else valid or not. */
export const idempotencyKeyOption: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      minLength: 8,
      maxLength: 128,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      anyString,
      wrongType,
      fc.constantFrom('short', 'abcd efgh', 'abcd\r\nefgh', 'k'.repeat(129)),
    ),
  },
);
