import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoyaltyClient } from '../../src/client/client.js';
import { LoyaltyError } from '../../src/client/errors.js';
import { hasLastingFiles, inBrowser, onNode, runtimeLabel } from '../../src/runtime.js';
import { successResponse } from '../../src/server/answers/envelope.js';

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
    [
      'Cloudflare Workers (which also show a Node version, with or without nodejs_compat)',
      { navigator: { userAgent: 'Cloudflare-Workers' }, process: { versions: { node: '22.19.0' } } },
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

describe('where the client runs', () => {
  it.each([
    ['Node', { process: { versions: { node: '20.20.2' } } }, true],
    ['Bun', { Bun: { version: '1.4.5' }, process: { versions: { node: '24.3.0' } } }, false],
    ['Deno', { Deno: { version: { deno: '2.9.6' } }, process: { versions: { node: '24.2.0' } } }, false],
    ['Workers', { navigator: { userAgent: 'Cloudflare-Workers' } }, false],
    [
      'Workers showing a Node version',
      { navigator: { userAgent: 'Cloudflare-Workers' }, process: { versions: { node: '22.19.0' } } },
      false,
    ],
  ])('on %s, undici is the default transport: %s', (_runtime, globals, node) => {
    expect(onNode(globals)).toBe(node);
  });

  it.each([
    ['a web page', { window: { document: {} }, navigator: { userAgent: 'Mozilla/5.0' } }, true],
    ['Node', { process: { versions: { node: '20.20.2' } }, navigator: { userAgent: 'Node.js/20' } }, false],
    ['Workers', { navigator: { userAgent: 'Cloudflare-Workers' } }, false],
    [
      'Deno 2 (no window)',
      { Deno: { version: { deno: '2.9.6' } }, navigator: { userAgent: 'Deno/2.9.6' } },
      false,
    ],
  ])('%s is a browser: %s', (_place, globals, browser) => {
    expect(inBrowser(globals)).toBe(browser);
  });
});

describe('the browser guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  function inAPage(): void {
    vi.stubGlobal('window', { document: {} });
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0' });
  }

  it('in a browser the constructor throws a LoyaltyError that says why and what to do, without the key', () => {
    inAPage();
    let thrown: unknown;
    try {
      new LoyaltyClient({ apiKey: 'lk_secret_in_page', baseUrl: 'https://loyalty.example.com' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LoyaltyError);
    expect((thrown as Error).message).toMatch(
      /refuses to run in a browser: anyone who opens the page could read the API key/,
    );
    expect((thrown as Error).message).toContain('dangerouslyAllowBrowser: true');
    expect((thrown as Error).message).not.toContain('lk_secret_in_page');
  });

  it('with dangerouslyAllowBrowser: true, a client is made, and sends with the page fetch', async () => {
    inAPage();
    const seen: string[] = [];
    vi.stubGlobal('process', { ...process, versions: { ...process.versions, node: undefined } });
    vi.stubGlobal('fetch', async (url: string) => {
      seen.push(url);
      const answer = successResponse([], { requestId: 'req-page-1', appId: 7, scope: 'tareas:read' });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    });
    const client = new LoyaltyClient({
      apiKey: 'lk_test_key',
      baseUrl: 'https://loyalty.example.com',
      dangerouslyAllowBrowser: true,
      logLevel: 'off',
    });
    await client.tareas.list();
    expect(seen).toEqual(['https://loyalty.example.com/ext/v3/tareas']);
  });
});

describe('files that outlive a request (file checkpoints)', () => {
  it.each([
    ['Node', { process: { versions: { node: '20.20.2' } } }, true],
    ['Bun', { Bun: { version: '1.4.5' } }, true],
    ['Deno', { Deno: { version: { deno: '2.9.6' } } }, true],
    [
      'Workers, even with nodejs_compat',
      { navigator: { userAgent: 'Cloudflare-Workers' }, process: { versions: { node: '22.19.0' } } },
      false,
    ],
    ['an unknown runtime', {}, false],
  ])('on %s: %s', (_runtime, globals, lasting) => {
    expect(hasLastingFiles(globals)).toBe(lasting);
  });
});
