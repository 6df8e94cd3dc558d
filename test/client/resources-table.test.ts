/**
 * The resource methods (src/client/resources.ts) are written by hand, one small form each: held
 * here to the operation table, so a method cannot drift from the row it sends. Each method sits
 * where its id says (`clientes.puntos.add` is `ClientesPuntosResource.add`), takes the path's
 * parameters first and in order, then the body or the query exactly when the row has one, then
 * `options` (`ReadRequestOptions`, without `idempotencyKey`, when the row takes no key), and sends
 * them in one form: `this.call(id, { params, body | query }, options)`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathParamNames } from '../../src/operations/define.js';
import { findOperation, operations } from '../../src/operations/table.js';

const SOURCE = readFileSync(new URL('../../src/client/resources.ts', import.meta.url), 'utf8');

/** `ClientesPuntosResource` -> `clientes.puntos`. */
const namespaceOf = (className: string) =>
  className
    .replace(/Resource$/, '')
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .join('.');

/** A method: `name(args) {` then `return this.call('id', { input }, options);`. */
const METHOD = /^ {2}(\w+)\((.*)\) \{\n {4}return this\.call\('([\w.]+)', \{(.*)\}, options\);\n {2}\}$/gm;
const CLASS = /^export class (\w+Resource) \{$/gm;

const classes = [...SOURCE.matchAll(CLASS)].map((match) => ({ name: match[1] as string, at: match.index }));
const methods = [...SOURCE.matchAll(METHOD)].map((match) => {
  const owner = classes.filter((found) => found.at < match.index).at(-1)?.name ?? '';
  const [, name, args, id, input] = match as unknown as string[];
  const positionals = (args as string)
    .split(', ')
    .filter((arg) => /^\w+: (string|number)$/.test(arg))
    .map((arg) => arg.split(':')[0] as string);
  return {
    owner,
    name,
    args: args as string,
    id: id as string,
    input: (input as string).trim(),
    positionals,
  };
});

describe('resource methods held to the operation table', () => {
  it('one method per operation of the table, each calling its own id once', () => {
    expect(methods.map((method) => method.id).sort()).toEqual(
      operations.map((operation) => operation.id).sort(),
    );
  });

  it.each(methods)('$id is $owner.$name: where its id says', ({ owner, name, id }) => {
    expect(`${namespaceOf(owner)}.${name}`).toBe(id);
  });

  it.each(methods)(
    "$id takes the path's parameters first, in the path's order",
    ({ id, positionals, input }) => {
      const names = pathParamNames(findOperation(id)?.path ?? '');
      expect(positionals).toEqual(names);
      expect(/params: \{ ([\w, ]+) \}/.exec(input)?.[1]?.split(', ') ?? []).toEqual(names);
    },
  );

  it.each(methods)('$id sends a body or a query exactly when its row has one', ({ id, args, input }) => {
    const operation = findOperation(id);
    expect(/\bbody\b/.test(input), 'body').toBe(operation?.body !== undefined);
    expect(/\bquery\b/.test(input), 'query').toBe(operation?.query !== undefined);
    expect(/Params\.\w+/.test(args)).toBe(operation?.body !== undefined || operation?.query !== undefined);
  });

  it.each(methods)(
    "$id ends with the request options: a read's (no Idempotency-Key in its row) without idempotencyKey",
    ({ id, args }) => {
      const options = findOperation(id)?.idempotency === 'none' ? 'ReadRequestOptions' : 'RequestOptions';
      expect(args).toMatch(
        new RegExp(
          `(options\\?: ${options}|\\.\\.\\.\\[query, options\\]: QueryArgs<Params\\.\\w+, ${options}>)$`,
        ),
      );
    },
  );
});
