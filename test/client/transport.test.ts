import { describe, expect, it } from 'vitest';

describe('the undici transport', () => {
  it("loads undici's dispatcher-only module, whose path has no exports map to hide it", async () => {
    const specifier: string = 'undici/lib/global.js';
    const module = (await import(specifier)) as { getGlobalDispatcher?: unknown };
    expect(typeof module.getGlobalDispatcher).toBe('function');
  });
});
