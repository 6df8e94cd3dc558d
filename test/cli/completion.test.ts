import { describe, expect, it } from 'vitest';
import { complete, FILES } from '../../src/cli/completion.js';
import { nextWords } from '../../src/cli/table/command-tree.js';
import { operationIds } from '../../src/operations/table.js';

// `loyalty __complete <words>... <current>`: what the shell scripts ask on each Tab.
describe('completion candidates come from the command tree and flags the commands parse', () => {
  it.each([
    [
      'the first word: commands and resources',
      [''],
      ['bulk', 'completion', 'serve', 'whoami', 'verify', 'mcp', 'help', ...nextWords([])],
    ],
    ['a started resource name', ['cli'], ['clientes']],
    ['the words under a resource', ['clientes', ''], nextWords(['clientes'])],
    ['the words under a nested group', ['clientes', 'puntos', ''], nextWords(['clientes', 'puntos'])],
    ['the shells of completion', ['completion', ''], ['bash', 'zsh', 'fish']],
    ['the operation ids after bulk', ['bulk', ''], [...operationIds]],
    ['the operation ids after help', ['help', 'clientes.puntos.a'], ['clientes.puntos.add']],
    ['the flags of serve', ['serve', '--fault-'], ['--fault-rate', '--fault-seed', '--fault-latency']],
    [
      'the flags of mcp',
      ['mcp', '--max-'],
      ['--max-retries', '--max-points', '--max-customers', '--max-sessions'],
    ],
    ['the operation ids after mcp --tools', ['mcp', '--tools', 'grupos.p'], ['grupos.puntos.add']],
    [
      'the flags of whoami: --json and the options of every command',
      ['whoami', '--'],
      ['--json', '--base-url', '--api-key-file', '--timeout-ms', '--max-retries', '--verbose', '--help'],
    ],
  ])('%s', (_rule, words, expected) => {
    expect(complete(words).sort()).toEqual([...expected].sort());
  });

  it('an operation offers its fields and the options every operation takes', () => {
    const flags = complete(['clientes', 'puntos', 'add', 'u-1', '--']);
    expect(flags).toEqual(
      expect.arrayContaining(['--puntos', '--motivo', '--idempotency-key', '--json', '--data']),
    );
  });

  it('a field whose values are few offers them', () => {
    expect(complete(['tareas', 'set-status', '3', '--status', ''])).toEqual(['0', '1']);
  });

  it('a flag whose value is a file asks the shell for file names', () => {
    expect(complete(['bulk', 'clientes.puntos.add', '--file', 'mov'])).toEqual([FILES]);
    expect(complete(['clientes', 'create', '--data', ''])).toEqual([FILES]);
    expect(complete(['serve', '--config', ''])).toEqual([FILES]);
  });

  it('a flag that takes free text offers nothing in its place', () => {
    expect(complete(['clientes', 'puntos', 'add', 'u-1', '--motivo', ''])).toEqual([]);
  });

  it('after bulk names its operation, only flags follow', () => {
    expect(complete(['bulk', 'clientes.puntos.add', ''])).toEqual([]);
    expect(complete(['bulk', 'clientes.puntos.add', '--fi'])).toEqual(['--file']);
  });

  it('an unknown command offers nothing', () => {
    expect(complete(['clientez', ''])).toEqual([]);
  });
});
