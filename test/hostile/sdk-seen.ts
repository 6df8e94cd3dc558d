/** The SDK's column of issue 34's table, on either transport: how each call rejects or resolves. */
import { expect } from 'vitest';
import type { Measurement } from './measure.js';
import { CAP, otherOrigin, REDIRECT_QUERY_MARK, type Seen, type SeenBy } from './seen.js';

const TARGET_PATH = '/ext/v3/clientes/cli_0001/puntos';

const errorOf = (measurement: Measurement) => {
  expect(measurement.sdk?.outcome).toBe('rejected');
  return measurement.sdk?.error ?? {};
};

const redirect = (status: number): Seen => ({
  rule: `a ${status} is a RedirectError naming the target's origin and path, never its query, the baseUrl to set, and that the write was not applied`,
  check(measurement) {
    const error = errorOf(measurement);
    const origin = otherOrigin(measurement);
    expect(error).toMatchObject({ name: 'RedirectError', status, location: `${origin}${TARGET_PATH}` });
    expect(error.message).toContain(origin);
    expect(error.message).toContain('baseUrl');
    expect(error.message).not.toContain(REDIRECT_QUERY_MARK);
    expect(error.message).toMatch(/nothing was applied/i);
  },
});

const tooLarge: Seen = {
  rule: 'is a LoyaltyResponseTooLargeError that names the cap and the option',
  check(measurement) {
    const error = errorOf(measurement);
    expect(error).toMatchObject({ name: 'LoyaltyResponseTooLargeError', limitBytes: CAP });
    expect(error.message).toContain('maxResponseBytes');
    expect(error.message).toContain(String(CAP));
  },
};

const bomb: Seen = {
  rule: 'is stopped at the cap once decoded on fetch; undici does not decode it (a 2xx that is not the envelope)',
  check(measurement) {
    if (measurement.scenario.surface === 'sdk-fetch') return tooLarge.check(measurement);
    const error = errorOf(measurement);
    expect(error.name).toBe('LoyaltyApiError');
    expect(error.message).toMatch(/without a success envelope/);
  },
};

const timedOut: Seen = {
  rule: 'is a LoyaltyTimeoutError naming its timeoutMs',
  check(measurement) {
    const error = errorOf(measurement);
    expect(error.name).toBe('LoyaltyTimeoutError');
    expect(error.message).toContain(`${measurement.scenario.timeoutMs} ms`);
  },
};

const resolves = (rule: string): Seen => ({
  rule,
  check(measurement) {
    expect(measurement.sdk?.outcome).toBe('resolved');
  },
});

export const SDK_SEEN: SeenBy = {
  'redirect-301': redirect(301),
  'redirect-302': redirect(302),
  'redirect-303': redirect(303),
  'redirect-307': redirect(307),
  'redirect-308': redirect(308),
  '600mb': tooLarge,
  '600mb-chunked': tooLarge,
  '200mb': tooLarge,
  endless: tooLarge,
  'brotli-bomb': bomb,
  'gzip-bomb': bomb,
  drip: timedOut,
  hang: timedOut,
  echo: resolves("resolves: the data is the service's own and stays as sent"),
  'nul-header': {
    rule: 'is a LoyaltyConnectionError: the answer was not HTTP',
    check(measurement) {
      expect(errorOf(measurement).name).toBe('LoyaltyConnectionError');
    },
  },
  'nul-json': {
    rule: 'is a LoyaltyApiError: a 2xx that is not the envelope',
    check(measurement) {
      const error = errorOf(measurement);
      expect(error.name).toBe('LoyaltyApiError');
      expect(error.message).toMatch(/without a success envelope/);
    },
  },
  'deep-json': resolves('resolves: the SDK decodes it and hands the data on as sent'),
  'huge-numbers': resolves('resolves: the SDK decodes it and hands the data on as sent'),
};
