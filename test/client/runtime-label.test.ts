import { describe, expect, it } from 'vitest';
import { runtimeLabel } from '../../src/client/runtime-label.js';

describe('the runtime named in the User-Agent, from optional globals only', () => {
  it.each([
    ['Node', { process: { versions: { node: '20.20.2' } } }, 'node/20.20.2'],
    [
      'Bun (which also shows a Node version)',
      { Bun: { version: '1.4.5' }, process: { versions: { node: '24.3.0' } } },
      'bun/1.4.5',
    ],
    [
      'Deno (which also shows a Node version)',
      { Deno: { version: { deno: '2.9.6' } }, process: { versions: { node: '24.2.0' } } },
      'deno/2.9.6',
    ],
    [
      'Cloudflare Workers without nodejs_compat (no process)',
      { navigator: { userAgent: 'Cloudflare-Workers' } },
      'workerd',
    ],
    ['an unknown runtime', {}, 'js'],
  ])('%s', (_runtime, globals, label) => {
    expect(runtimeLabel(globals)).toBe(label);
  });

  it('in this process, Node and its version', () => {
    expect(runtimeLabel()).toBe(`node/${process.versions.node}`);
  });
});
