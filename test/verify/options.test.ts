import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoyaltyError } from '../../src/client/errors.js';
import { verifyService } from '../../src/verify/index.js';
import type { VerifyOptions } from '../../src/verify/types.js';

const KEY = 'lk_secret_key_never_shown_0001';

describe('verifyService options', () => {
  beforeEach(() => {
    vi.stubEnv('LOYALTY_BASE_URL', '');
    vi.stubEnv('LOYALTY_API_KEY', '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each<[string, VerifyOptions, RegExp]>([
    ['no baseUrl', { apiKey: KEY }, /baseUrl is required/],
    ['no key', { baseUrl: 'https://svc.test' }, /apiKey is required/],
    ['a baseUrl without a scheme', { baseUrl: 'svc.test', apiKey: KEY }, /has no scheme/],
    ['an unknown option', { baseUrl: 'https://svc.test', apiKey: KEY, maxRps: 3 } as VerifyOptions, /maxRps/],
    [
      'an unknown operation',
      { baseUrl: 'https://svc.test', apiKey: KEY, operations: ['clientes.borrar' as never] },
      /unknown operation: "clientes.borrar"/,
    ],
    [
      'a uid sample over 128 characters',
      { baseUrl: 'https://svc.test', apiKey: KEY, samples: { uid: ['x'.repeat(129)] } },
      /samples\.uid\[0\] is not a valid uid/,
    ],
    [
      'a grupoId sample of 0',
      { baseUrl: 'https://svc.test', apiKey: KEY, samples: { grupoId: [0] } },
      /samples\.grupoId\[0\] is not a valid grupoId/,
    ],
    [
      'a rate of 0',
      { baseUrl: 'https://svc.test', apiKey: KEY, maxRequestsPerSecond: 0 },
      /maxRequestsPerSecond must be a number greater than 0/,
    ],
    [
      'a timeoutMs of 0',
      { baseUrl: 'https://svc.test', apiKey: KEY, timeoutMs: 0 },
      /timeoutMs must be a number of milliseconds greater than 0/,
    ],
    [
      'a timeoutMs that is no number',
      { baseUrl: 'https://svc.test', apiKey: KEY, timeoutMs: '200' as never },
      /timeoutMs must be a number of milliseconds greater than 0/,
    ],
    [
      'a mode that is neither',
      { baseUrl: 'https://svc.test', apiKey: KEY, mode: 'careful' as never },
      /mode must be 'safe' or 'sandbox'/,
    ],
    [
      'a profile that is not one',
      { baseUrl: 'https://svc.test', apiKey: KEY, profile: {} as never },
      /profile.format must be 'loyalty-sdk\/service-profile'/,
    ],
  ])('%s: a LoyaltyError saying so, without the key', async (_, options, message) => {
    const error = await verifyService({ ...options, dispatcher: undefined }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(KEY);
  });
});
