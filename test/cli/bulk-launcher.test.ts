/**
 * The lines that run a bulk job again start as the command was started: `npx loyalty`,
 * `npm exec -- loyalty`, `loyalty` on PATH, a path to the bin, `node dist/cli.js`. The npm
 * variables in the cases are those npm 11 sets (measured: `npx` and `npm exec` set the same ones;
 * bash and zsh add `_`, the path of the command the shell ran).
 */
import { describe, expect, it } from 'vitest';
import { parseBulkArgs } from '../../src/cli/bulk/bulk-args.js';
import { bulkPrefix, resumeHint } from '../../src/cli/bulk/bulk-resume.js';
import { type LaunchFacts, launcherWords } from '../../src/cli/shared/launcher.js';
import { SDK_VERSION } from '../../src/version.js';

const PROJECT = '/home/ana/shop';
const LOCAL_BIN = `${PROJECT}/node_modules/.bin/loyalty`;
/** What `npx` and `npm exec` set for the bin they run (npm_lifecycle_script is the bin, quoted). */
const NPM_EXEC = { npm_command: 'exec', npm_lifecycle_event: 'npx', npm_lifecycle_script: "'loyalty'" };

const facts = (given: Partial<LaunchFacts>): LaunchFacts => ({
  script: LOCAL_BIN,
  node: ['node'],
  env: {},
  cwd: PROJECT,
  onPath: false,
  ...given,
});

const CASES: readonly [string, Partial<LaunchFacts>, string[]][] = [
  ['npx loyalty (bash)', { env: { ...NPM_EXEC, _: '/usr/bin/npx' } }, ['npx', 'loyalty']],
  ['npx loyalty (sh: no `_`)', { env: NPM_EXEC }, ['npx', 'loyalty']],
  [
    'npm exec -- loyalty (bash)',
    { env: { ...NPM_EXEC, _: '/usr/bin/npm' } },
    ['npm', 'exec', '--', 'loyalty'],
  ],
  [
    "npm exec -c 'loyalty bulk ...'",
    { env: { ...NPM_EXEC, npm_lifecycle_script: 'loyalty bulk x', _: '/usr/bin/npm' } },
    ['npm', 'exec', '--', 'loyalty'],
  ],
  [
    'npx -p loyalty-sdk@0.1.0 loyalty',
    { env: { ...NPM_EXEC, npm_config_package: 'loyalty-sdk@0.1.0', _: '/usr/bin/npx' } },
    ['npx', '-p', 'loyalty-sdk@0.1.0', 'loyalty'],
  ],
  [
    'npm exec -p a -p b -- loyalty',
    { env: { ...NPM_EXEC, npm_config_package: 'a\n\nb', _: '/usr/bin/npm' } },
    ['npm', 'exec', '-p', 'a', '-p', 'b', '--', 'loyalty'],
  ],
  [
    "npx loyalty-sdk (no local install: npx's cache)",
    { script: '/root/.npm/_npx/853e1c366feb1c5e/node_modules/.bin/loyalty', env: NPM_EXEC },
    ['npx', `loyalty-sdk@${SDK_VERSION}`],
  ],
  [
    'an npm script (its PATH holds node_modules/.bin)',
    { env: { npm_command: 'run', npm_lifecycle_event: 'import' }, onPath: true },
    ['npx', 'loyalty'],
  ],
  ['loyalty on PATH', { script: '/usr/local/bin/loyalty', onPath: true }, ['loyalty']],
  [
    'loyalty on PATH, under `npx vitest` (its npm variables name another bin)',
    {
      script: '/usr/local/bin/loyalty',
      env: { ...NPM_EXEC, npm_lifecycle_script: "'vitest'" },
      onPath: true,
    },
    ['loyalty'],
  ],
  ['./node_modules/.bin/loyalty', {}, ['./node_modules/.bin/loyalty']],
  ['a bin outside the folder', { script: '/opt/loyalty/bin/loyalty' }, ['/opt/loyalty/bin/loyalty']],
  ['node dist/cli.js', { script: `${PROJECT}/dist/cli.js` }, ['node', 'dist/cli.js']],
  [
    'node with its flags',
    { script: `${PROJECT}/dist/cli.js`, node: ['/usr/bin/node', '--enable-source-maps'] },
    ['/usr/bin/node', '--enable-source-maps', 'dist/cli.js'],
  ],
  ['node /elsewhere/cli.js', { script: '/opt/loyalty/dist/cli.js' }, ['node', '/opt/loyalty/dist/cli.js']],
  ['no script (the launcher cannot be known)', { script: undefined }, ['npx', 'loyalty']],
];

describe('launcherWords: the command as it was started', () => {
  it.each(CASES)('%s', (_case, given, words) => {
    expect(launcherWords(facts(given))).toEqual(words);
  });
});

const command = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const parsed = parseBulkArgs(argv, {
    LOYALTY_API_KEY: 'lk_test',
    LOYALTY_BASE_URL: 'http://127.0.0.1:9',
    ...env,
  });
  if (parsed === undefined) throw new Error('--help');
  return parsed;
};

describe('the lines that run the job again', () => {
  it('begin with the launcher, each word quoted for a shell', () => {
    expect(bulkPrefix(['npm', 'exec', '--', 'loyalty'])).toBe('npm exec -- loyalty bulk');
    expect(bulkPrefix(['/opt/my tools/loyalty'])).toBe("'/opt/my tools/loyalty' bulk");
  });

  it('the resume line is the launcher and the words given', () => {
    const given = ['clientes.puntos.add', '--file', 'a.csv', '--checkpoint', 'a.ckpt'];
    expect(resumeHint(command(given), ['npx', 'loyalty'])).toBe(
      'resume with: npx loyalty bulk clientes.puntos.add --file a.csv --checkpoint a.ckpt',
    );
  });

  it('the run-again line (no checkpoint) starts with the launcher too', () => {
    const hint = resumeHint(command(['clientes.puntos.add', '--file', 'a.csv']), ['npx', 'loyalty']);
    expect(hint).toMatch(/^run again with: npx loyalty bulk clientes\.puntos\.add --file a\.csv /);
  });

  it('under --shard auto, the resume line sets the task variables it read, so that it is the same shard', () => {
    const given = [
      'clientes.puntos.add',
      '--file',
      'a.csv',
      '--shard',
      'auto',
      '--shard-count',
      '4',
      '--redis',
      'redis://r:6379',
    ];
    expect(resumeHint(command(given, { JOB_COMPLETION_INDEX: '2' }), ['loyalty'])).toBe(
      'resume with: JOB_COMPLETION_INDEX=2 loyalty bulk clientes.puntos.add --file a.csv --shard auto --shard-count 4 --redis redis://r:6379',
    );
  });

  it('under --shard INDEX/COUNT, the resume line is the command alone', () => {
    const given = ['clientes.puntos.add', '--file', 'a.csv', '--shard', '1/4', '--checkpoint', 'a.ckpt'];
    expect(resumeHint(command(given, { JOB_COMPLETION_INDEX: '2' }), ['loyalty'])).toBe(
      'resume with: loyalty bulk clientes.puntos.add --file a.csv --shard 1/4 --checkpoint a.ckpt',
    );
  });
});
