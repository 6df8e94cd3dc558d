/** The exit status of each outcome, as docs/cli.md lists them, and the one line on stderr. */
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../support/end-after.js';
import { loyalty, loyaltyProcess, serverForCli } from './cli-harness.js';

const { env } = await serverForCli();
const { env: limited } = await serverForCli({ limits: { rateLimit: { limit: 1, windowMs: 60_000 } } });
const { env: failing } = await serverForCli({ faults: { seed: 1, rates: { serverError: 1 } } });

describe('exit statuses', () => {
  it.each([
    ['0: success', ['clientes', 'retrieve', 'cli_0001'], env, 0, ''],
    [
      '2: a rule of the spec broken, nothing sent',
      ['clientes', 'puntos', 'add', 'cli_0001', '--puntos', '0'],
      env,
      2,
      'body.puntos',
    ],
    [
      '2: an unknown flag, with the one meant',
      ['clientes', 'puntos', 'add', 'cli_0001', '--puntoz', '5'],
      env,
      2,
      'did you mean --puntos?',
    ],
    [
      '2: an unknown command, with the one meant',
      ['clientes', 'retreive', 'cli_0001'],
      env,
      2,
      'did you mean "retrieve"?',
    ],
    [
      '2: a number flag given text',
      ['clientes', 'puntos', 'add', 'cli_0001', '--puntos', 'many'],
      env,
      2,
      '--puntos takes a number',
    ],
    [
      '2: no API key',
      ['clientes', 'retrieve', 'cli_0001'],
      { LOYALTY_BASE_URL: env.LOYALTY_BASE_URL },
      2,
      'No API key',
    ],
    [
      '2: no base URL, named by its flag and variable',
      ['clientes', 'retrieve', 'cli_0001'],
      { LOYALTY_API_KEY: env.LOYALTY_API_KEY },
      2,
      'pass --base-url URL or set LOYALTY_BASE_URL',
    ],
    [
      '2: a --base-url that is no URL, named by its flag',
      ['clientes', 'retrieve', 'cli_0001', '--base-url', '127.0.0.1:4010'],
      env,
      2,
      '--base-url "127.0.0.1:4010"',
    ],
    [
      '2: a LOYALTY_BASE_URL that is no URL, named by its variable',
      ['clientes', 'retrieve', 'cli_0001'],
      { ...env, LOYALTY_BASE_URL: '127.0.0.1:4010' },
      2,
      'LOYALTY_BASE_URL "127.0.0.1:4010"',
    ],
    [
      '3: a key the service refuses (401)',
      ['clientes', 'retrieve', 'cli_0001'],
      { ...env, LOYALTY_API_KEY: 'lk_not_a_key_at_all' },
      3,
      '401',
    ],
    [
      '3: a key without the scope (403)',
      ['clientes', 'puntos', 'add', 'cli_0001', '--puntos', '5'],
      { ...env, LOYALTY_API_KEY: 'lk_demo_read_only' },
      3,
      '403',
    ],
    ['4: not found', ['clientes', 'retrieve', 'cli_9999'], env, 4, 'Cliente no encontrado'],
    [
      '5: a business rule (422)',
      ['clientes', 'puntos', 'add', 'cli_0003', '--puntos', '-10000'],
      env,
      5,
      '422',
    ],
    ['6: rate limited after the retries', ['tareas', 'list', '--max-retries', '0'], limited, 6, '429'],
    [
      '7: no answer',
      ['tareas', 'list', '--max-retries', '0', '--base-url', 'http://127.0.0.1:9'],
      env,
      7,
      'no answer',
    ],
    ['1: a server error after the retries', ['tareas', 'list', '--max-retries', '0'], failing, 1, '500'],
  ] as const)('%s', async (_name, args, runEnv, code, message) => {
    if (code === 6) await loyalty(['tareas', 'list'], runEnv);
    const run = await loyalty(args, runEnv);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    if (code !== 0) expect(run.stdout).toBe('');
  });

  it('5: the same Idempotency-Key with another body is a conflict (409)', async () => {
    const args = [
      'clientes',
      'puntos',
      'add',
      'cli_0001',
      '--idempotency-key',
      'cli-conflict-0001',
      '--puntos',
    ];
    expect((await loyalty([...args, '5'], env)).code).toBe(0);
    const run = await loyalty([...args, '6'], env);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('409');
  });

  it('an error is one line on stderr with the requestId; --verbose adds the envelope', async () => {
    const plain = await loyalty(['clientes', 'retrieve', 'cli_9999'], env);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    expect(plain.stderr).toMatch(/requestId [0-9a-f-]{36}/);
    const verbose = await loyalty(['clientes', 'retrieve', 'cli_9999', '--verbose'], env);
    expect(verbose.stderr).toContain('"codigoRespuesta": 9404');
  });

  it('a group action without --yes and without a terminal is refused after its dry run: nothing applied', async () => {
    const run = await loyalty(['grupos', 'puntos', 'add', '1', '--puntos', '50'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/its dry run would reach \d+ customers/);
    expect(run.stderr).toContain('add --yes to apply it');
    expect(run.stdout).toBe('');
  });

  it('the key is never printed, not even with --verbose', async () => {
    const key = 'lk_secret_cli_never_printed_0001';
    // The built bin, end to end: nothing the process prints holds the key.
    const run = await loyaltyProcess(['clientes', 'retrieve', 'cli_0001', '--verbose'], {
      ...env,
      LOYALTY_API_KEY: key,
    });
    expect(run.stdout + run.stderr).not.toContain(key);
  });
});

describe('the API key', () => {
  it('is read from the first line of --api-key-file', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(temporaryFolder('cli-key-'), 'key');
    writeFileSync(file, `${env.LOYALTY_API_KEY}\nsecond line ignored\n`);
    const run = await loyalty(['tareas', 'list', '--api-key-file', file], {
      LOYALTY_BASE_URL: env.LOYALTY_BASE_URL,
    });
    expect(run.code).toBe(0);
  });

  it('a number flag takes a negative number that follows it', async () => {
    const run = await loyalty(['clientes', 'puntos', 'add', 'cli_0004', '--puntos', '-1'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ puntos: -1 });
  });
});
