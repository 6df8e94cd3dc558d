/**
 * The SDK's functions take objects, not files: options (and a profile in them) nested deeper than
 * 1000 levels are refused with one message naming them, never "Maximum call stack size exceeded".
 */
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/server/index.js';
import { planVerification } from '../../src/verify/index.js';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('options nested 100,000 levels deep', () => {
  it.each([
    ['seed', { seed: nested(100_000) }],
    ['profile', { profile: nested(100_000) }],
    ['keys', { keys: [{ key: 'operator-key-1', scopes: nested(100_000) }] }],
  ])('createReferenceServer refuses them in %s', (_where, options) => {
    expect(() => createReferenceServer(options as never)).toThrow(
      'Invalid reference server options: the options nest deeper than 1000 levels',
    );
  });

  it('verify refuses a profile nested that deep', async () => {
    const profile = { format: 'loyalty-sdk/service-profile', version: 2, calibrations: nested(100_000) };
    await expect(planVerification({ profile: profile as never })).rejects.toThrow(
      'Invalid verify options: profile nests deeper than 1000 levels; a service profile is a few levels deep',
    );
  });
});
