/**
 * The browser guard and the page's fetch, in a real headless Chromium: a page on one origin
 * bundles the built SDK (page-bundle.ts) and calls the reference server on another origin, which
 * allows it by CORS (docs/decisions.md, "Runtimes"). test/client/runtime.test.ts covers the same
 * rules with faked globals.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from '../../src/server/index.js';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.js';
import type { Connection, Outcome, PageApp } from './page-app.js';
import { bundlePage } from './page-bundle.js';
import { type PageServer, servePage } from './page-server.js';

const CHROMIUM_START_MS = 60_000;

let browser: Browser;
let pageServer: PageServer;
let apiServer: ReferenceServer;
let connection: Connection;
let bundledFrom: string[];

beforeAll(async () => {
  const executablePath = chromiumExecutable();
  const bundle = await bundlePage();
  bundledFrom = bundle.inputs;
  pageServer = await servePage(bundle.code);
  apiServer = createReferenceServer();
  connection = { apiKey: DEMO_API_KEY, baseUrl: await apiServer.listen() };
  browser = await puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}, CHROMIUM_START_MS);

afterAll(async () => {
  await browser?.close();
  await Promise.all([pageServer?.close(), apiServer?.close()]);
}, CHROMIUM_START_MS);

interface OpenPage {
  page: Page;
  /** Uncaught errors and console errors of the page, in order. */
  problems: string[];
}

const pages: Page[] = [];
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()));
});

/** A fresh page of the page server's origin, its script run (module scripts run before `load`). */
async function openPage(): Promise<OpenPage> {
  const page = await browser.newPage();
  pages.push(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(`${pageServer.origin}/`, { waitUntil: 'load' });
  const ready = await page.evaluate(() => typeof (globalThis as { loyaltyPage?: unknown }).loyaltyPage);
  if (ready !== 'object') throw new Error(`the page's script did not run:\n${problems.join('\n')}`);
  return { page, problems };
}

/** Runs one of page-app.ts's functions in the page. */
function inPage<Name extends keyof PageApp>(
  page: Page,
  name: Name,
  ...args: Parameters<PageApp[Name]>
): Promise<Awaited<ReturnType<PageApp[Name]>>> {
  return page.evaluate(
    (fn, fnArgs) => {
      const app = (globalThis as unknown as { loyaltyPage: Record<string, (...a: unknown[]) => unknown> })
        .loyaltyPage;
      return app[fn]?.(...fnArgs);
    },
    name,
    args as unknown[],
  ) as Promise<Awaited<ReturnType<PageApp[Name]>>>;
}

function succeeded<T>(outcome: Outcome<T>, problems: string[]): T {
  if (!outcome.ok)
    throw new Error(`the page got ${outcome.error.name}: ${outcome.error.message}\n${problems.join('\n')}`);
  return outcome.value;
}

describe('loyalty-sdk in a headless Chromium page', () => {
  it('the page runs the built package (dist/index.js), not the sources, and without undici', () => {
    expect(bundledFrom).toContain('dist/index.js');
    expect(bundledFrom.filter((file) => file.startsWith('src/') || file.includes('/undici/'))).toEqual([]);
  });

  it('a page that bundles the SDK gets a LoyaltyError from the constructor, naming dangerouslyAllowBrowser', async () => {
    const { page, problems } = await openPage();
    const made = await inPage(page, 'construct', connection);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.error.name).toBe('LoyaltyError');
    expect(made.error.isLoyaltyError).toBe(true);
    expect(made.error.message).toContain('dangerouslyAllowBrowser');
    expect(made.error.message).not.toContain(connection.apiKey);
    expect(problems).toEqual([]);
  });

  it('with dangerouslyAllowBrowser it calls the local reference server across origins (CORS)', async () => {
    const { page, problems } = await openPage();
    expect(new URL(connection.baseUrl).origin).not.toBe(pageServer.origin);
    const customer = succeeded(await inPage(page, 'retrieve', connection, 'cli_0001'), problems);
    expect(customer).toMatchObject({ uid: 'cli_0001', email: 'ana.gomez@example.com' });
    expect(customer.email).toBe(apiServer.admin.customer('cli_0001')?.email);
    expect(problems).toEqual([]);
  });

  it('a write from the page carries its Idempotency-Key and is applied once', async () => {
    const { page, problems } = await openPage();
    const before = apiServer.admin.customer('cli_0002')?.puntos ?? Number.NaN;
    const auditBefore = apiServer.admin.audit().length;
    const writes = succeeded(await inPage(page, 'addPointsTwice', connection, 'cli_0002', 150), problems);
    const [first, again] = writes.keys;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toBe(first);
    // The replay header reaches the page only because the server exposes it.
    expect(writes.replayed).toEqual([null, 'true']);
    expect(writes.data[1]).toEqual(writes.data[0]);
    expect(apiServer.admin.customer('cli_0002')?.puntos).toBe(before + 150);
    expect(apiServer.admin.audit()).toHaveLength(auditBefore + 1);
    expect(problems).toEqual([]);
  });

  it('a typed error reaches the page: a 404 is a NotFoundError', async () => {
    const { page, problems } = await openPage();
    const missing = await inPage(page, 'retrieve', connection, 'cli_9999');
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.error).toMatchObject({
      name: 'NotFoundError',
      isNotFoundError: true,
      isLoyaltyError: true,
      status: 404,
    });
    expect(missing.error.message).not.toContain(connection.apiKey);
    // Chromium logs every 4xx answer to fetch as a console error; that one is expected here.
    const expected = /Failed to load resource: the server responded with a status of 404/;
    expect(problems.filter((problem) => !expected.test(problem))).toEqual([]);
  });
});
