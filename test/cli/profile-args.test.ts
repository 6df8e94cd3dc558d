/**
 * The command lines that take a profile: `loyalty serve --profile FILE` (the server follows it;
 * a profile that is not one is refused before listening) and `loyalty verify --profile FILE`
 * (read here, checked by verifyService before anything is sent).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/serve/args.js';
import { describeProfile } from '../../src/cli/serve/describe-profile.js';
import { readFlagFile } from '../../src/cli/shared/capped-file.js';
import { parseVerifyArgs } from '../../src/cli/verify/args.js';
import { createReferenceServer } from '../../src/server/internal.js';
import { planVerification } from '../../src/verify/index.js';
import { serviceProfile } from '../support/service-profile.js';

const profile = serviceProfile([
  {
    kind: 'error-code',
    operationId: 'tareas.setStatus',
    status: 400,
    codigoRespuesta: 1001,
    source: 'probe',
  },
]);

describe('loyalty serve --profile FILE', () => {
  it('reads the file into the profile option, and says whose profile it follows', () => {
    const command = parseCommand(['serve', '--profile', 'p.json'], () => JSON.stringify(profile));
    expect(command).toMatchObject({ kind: 'serve', options: { profile } });
    expect(describeProfile(profile)).toEqual([
      'Following the profile of https://loyalty.example (measured 2026-11-25T00:00:00.000Z): 1 calibration',
    ]);
  });

  it('a file that cannot be read, or is not JSON, is a usage error naming the flag', () => {
    expect(() => parseCommand(['serve', '--profile', '/no-such-folder/p.json'], readFlagFile)).toThrow(
      '--profile /no-such-folder/p.json: no such file',
    );
    expect(() => parseCommand(['serve', '--profile', 'p.json'], () => '{oops')).toThrow(
      /--profile p.json: is not valid JSON/,
    );
  });

  it('a profile that is not one is refused when the server is made', () => {
    const command = parseCommand(['serve', '--profile', 'p.json'], () =>
      JSON.stringify({ ...profile, version: 1 }),
    );
    if (command.kind !== 'serve') throw new Error('not a serve command');
    expect(() => createReferenceServer(command.options)).toThrow(/profile.version 1 is not supported/);
  });
});

describe('loyalty verify --profile FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-profile-'));
  const env = { LOYALTY_BASE_URL: 'https://loyalty.example' };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the profile and hands it to verifyService, which checks it before anything is sent', async () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, JSON.stringify(profile));
    const command = parseVerifyArgs(['--profile', file], env);
    if (command === 'help') throw new Error('help');
    expect(command.profile).toEqual(profile);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...profile, calibrations: [{ kind: 'mood' }] }));
    const refused = parseVerifyArgs(['--profile', bad], env);
    if (refused === 'help') throw new Error('help');
    await expect(planVerification({ profile: refused.profile })).rejects.toThrow(
      /profile.calibrations\[0\].operationId names no operation/,
    );
  });

  it('a file that is not JSON is a usage error', () => {
    const file = join(dir, 'oops.json');
    writeFileSync(file, '{oops');
    expect(() => parseVerifyArgs(['--profile', file], env)).toThrow(
      /--profile .*oops.json: is not valid JSON/,
    );
  });
});
