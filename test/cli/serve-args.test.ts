import { describe, expect, it } from 'vitest';
import { parseCommand, parseKeyOption, UsageError } from '../../src/cli/serve/args.js';
import { describeKeys } from '../../src/cli/serve/describe-keys.js';
import { DEFAULT_PORT } from '../../src/cli/serve/usage.js';
import { fileProblem, type ReadFlagFile } from '../../src/cli/shared/capped-file.js';
import { SCOPES } from '../../src/operations/scopes.js';
import { DEMO_API_KEY, DEMO_READ_ONLY_API_KEY } from '../../src/server/internal.js';

/** A file system without files, as the command's reader answers for one. */
const noFiles: ReadFlagFile = (path, limit) => {
  throw fileProblem(limit, path, 'no such file');
};

describe('loyalty serve: arguments', () => {
  it('defaults to port 4010, the default host and the default options', () => {
    expect(parseCommand(['serve'], noFiles)).toEqual({
      kind: 'serve',
      port: DEFAULT_PORT,
      host: undefined,
      options: {},
    });
  });

  it('reads --port and --host', () => {
    expect(parseCommand(['serve', '--port', '0', '--host', '0.0.0.0'], noFiles)).toMatchObject({
      port: 0,
      host: '0.0.0.0',
    });
  });

  it.each([['--help'], ['-h'], ['serve', '--help']].map((argv) => [argv.join(' '), argv]))(
    '%s asks for the usage',
    (_case, argv) => {
      expect(parseCommand(argv as string[], noFiles)).toEqual({ kind: 'help' });
    },
  );

  it.each([
    ['KEY=*', { key: 'KEY', scopes: '*' }],
    ['KEY=clientes:read', { key: 'KEY', scopes: ['clientes:read'] }],
    ['KEY=clientes:read,puntos:write', { key: 'KEY', scopes: ['clientes:read', 'puntos:write'] }],
    ['base64key==*', { key: 'base64key=', scopes: '*' }],
  ])('--key %s', (value, expected) => {
    expect(parseKeyOption(value)).toEqual(expected);
  });

  it.each([['KEY=clientes:borrar'], ['KEY='], ['=*'], ['KEY']])('--key %s is a usage error', (value) => {
    expect(() => parseKeyOption(value)).toThrow(UsageError);
  });

  it('repeated --key options add up, after the keys of --config', () => {
    const config = JSON.stringify({ seed: 'empty', keys: [{ key: 'from-file', scopes: '*' }] });
    const command = parseCommand(
      ['serve', '--config', 'c.json', '--key', 'a=*', '--key', 'b=tareas:read'],
      () => config,
    );
    expect(command).toMatchObject({
      options: {
        seed: 'empty',
        keys: [
          { key: 'from-file', scopes: '*' },
          { key: 'a', scopes: '*' },
          { key: 'b', scopes: ['tareas:read'] },
        ],
      },
    });
  });

  it.each([
    ['an unknown command', ['start']],
    ['an unknown option', ['serve', '--verbose']],
    ['a port that is not a number', ['serve', '--port', 'abc']],
    ['a port out of range', ['serve', '--port', '70000']],
    ['a config file that cannot be read', ['serve', '--config', 'missing.json']],
  ])('%s is a usage error', (_case, argv) => {
    expect(() => parseCommand(argv, noFiles)).toThrow(UsageError);
  });

  it('--key with a misspelt scope names the nearest scope', () => {
    expect(() => parseKeyOption('bad=clientes:raed')).toThrow(
      '--key: unknown scope "clientes:raed"; did you mean "clientes:read"?',
    );
  });

  it('--key with a scope near none lists the scopes', () => {
    expect(() => parseKeyOption('bad=everything')).toThrow(
      `--key: unknown scope "everything"; the scopes are ${SCOPES.join(', ')}`,
    );
  });

  it('a config file that is not JSON is a usage error', () => {
    expect(() => parseCommand(['serve', '--config', 'c.json'], () => '{oops')).toThrow(/not valid JSON/);
  });
});

describe('loyalty serve: the keys it prints', () => {
  const shownKey = (key: string) =>
    describeKeys([{ key, scopes: '*' }])[0]
      ?.trim()
      .split(/\s+/)[0];

  it('shows the public demo keys as they are', () => {
    expect(shownKey(DEMO_API_KEY)).toBe(DEMO_API_KEY);
    expect(shownKey(DEMO_READ_ONLY_API_KEY)).toBe(DEMO_READ_ONLY_API_KEY);
  });

  it.each([
    ['a long key: only its last four characters', 'operator-secret-key-1234', '****1234'],
    ['a short key: nothing of it', 'short-key', '****'],
    ['a key of 12 to 15 characters: nothing of it', 'op-key-12345', '****'],
  ])('masks %s', (_case, key, masked) => {
    expect(shownKey(key)).toBe(masked);
  });

  it('lists each key with its application and scopes', () => {
    const lines = describeKeys([{ key: 'operator-secret-key-1234', appId: 9, scopes: ['tareas:read'] }]);
    expect(lines).toEqual(['  ****1234  app 9  tareas:read']);
  });
});
