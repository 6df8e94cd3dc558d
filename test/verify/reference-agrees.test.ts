import { describe, expect, it } from 'vitest';
import { verifyService } from '../../src/verify/index.js';
import { BASE_URL, demoSamples, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

describe('verify against the reference server itself', () => {
  it('a safe run with samples agrees and reports zero findings', async () => {
    const service = serviceUnderTest();
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
    });
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('agrees');
    expect(result.requests.length).toBeGreaterThan(50);
  });
});
