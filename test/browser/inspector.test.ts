/**
 * The reference server's inspector page (src/server/inspector/page/inspector.html, served at
 * GET /__inspector) in a real headless Chromium: the live request log, the request detail, the
 * state panel and the admin buttons, against a reference server that the SDK calls from Node.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoyaltyClient, NotFoundError } from '../../src/index.js';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from '../../src/server/index.js';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.js';

const CHROMIUM_START_MS = 60_000;
/** How soon a request made through the SDK must show on an open page. */
const LIVE_MS = 1_000;
/** Enough for the page's own round trips (state refresh is debounced by 300 ms). */
const WAIT_MS = 5_000;

// Written by every run into .tmp/ (git-ignored); docs/inspector.png, shown by the README, is a copy of one.
const NARROW_DIR = fileURLToPath(new URL('../../.tmp/', import.meta.url));
const SCREENSHOT = `${NARROW_DIR}inspector.png`;
const NARROW_SCREENSHOT = `${NARROW_DIR}inspector-narrow.png`;

const XSS_NAME = '<img src=x onerror=alert(1)>';

/**
 * The little of the DOM the tests read in the page. The project's tsconfig has no DOM lib, so the
 * functions run by page.evaluate reach the page's globals through this type.
 */
interface PageElement {
  textContent: string | null;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  dataset: Record<string, string | undefined>;
  checkVisibility(): boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
interface PageGlobals {
  document: PageElement & { documentElement: { scrollWidth: number; clientWidth: number } };
  requestAnimationFrame(callback: () => void): number;
}

let browser: Browser;
let server: ReferenceServer;
let baseUrl: string;
let client: LoyaltyClient;

beforeAll(async () => {
  const executablePath = chromiumExecutable();
  server = createReferenceServer();
  baseUrl = await server.listen();
  client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl, maxRetries: 0, logLevel: 'off' });
  browser = await puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}, CHROMIUM_START_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
}, CHROMIUM_START_MS);

/** Every test starts from the seeded state and an empty request log. */
beforeEach(async () => {
  const response = await fetch(`${baseUrl}/__admin/reset`, { method: 'POST' });
  expect(response.status).toBe(200);
}, CHROMIUM_START_MS);

const pages: Page[] = [];
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()));
}, CHROMIUM_START_MS);

interface Inspector {
  page: Page;
  /** Uncaught errors and console errors of the page, in order. */
  problems: string[];
  /** alert, confirm and prompt dialogs the page opened. */
  dialogs: string[];
}

/**
 * The inspector in a fresh page, loaded: its first request list and state fetched and its event
 * stream open (`live-status` says live).
 */
async function openInspector(
  viewport = { width: 1280, height: 800 },
  serverUrl = baseUrl,
): Promise<Inspector> {
  const page = await browser.newPage();
  pages.push(page);
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.setViewport(viewport);
  try {
    const answer = await page.goto(`${serverUrl}/__inspector`, { waitUntil: 'load' });
    expect(answer?.status()).toBe(200);
    await page.waitForSelector('[data-testid="request-list"][data-loaded="true"]', { timeout: WAIT_MS });
    await page.waitForSelector('[data-testid="customers"][data-loaded="true"]', { timeout: WAIT_MS });
    await waitForText(page, '[data-testid="live-status"]', 'live');
  } catch (error) {
    throw new Error(`the inspector did not load: ${String(error)}\n${problems.join('\n')}`);
  }
  return { page, problems, dialogs };
}

const rowOf = (operationId: string) => `[data-testid="request-row"][data-operation="${operationId}"]`;
const customerRow = (uid: string) => `[data-testid="customer-row"][data-uid="${uid}"]`;

function textOf(page: Page, selector: string): Promise<string> {
  return page.evaluate(
    (sel) => (globalThis as unknown as PageGlobals).document.querySelector(sel)?.textContent ?? '',
    selector,
  );
}

/** Resolves when the element `selector` finds shows `text`. */
function waitForText(page: Page, selector: string, text: string): Promise<unknown> {
  return page.waitForFunction(
    (sel, wanted) =>
      (globalThis as unknown as PageGlobals).document.querySelector(sel)?.textContent === wanted,
    { timeout: WAIT_MS },
    selector,
    text,
  );
}

/** Resolves when `selector` finds `count` elements. */
function waitForCount(page: Page, selector: string, count: number): Promise<unknown> {
  return page.waitForFunction(
    (sel, wanted) => (globalThis as unknown as PageGlobals).document.querySelectorAll(sel).length === wanted,
    { timeout: WAIT_MS },
    selector,
    count,
  );
}

/** The data-id of the rows that match, in the list's order (newest first). */
function rowIds(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(
    (sel) =>
      Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll(sel)).map((row) =>
        Number(row.dataset.id),
      ),
    selector,
  );
}

function waitForDetailOf(page: Page, id: number): Promise<unknown> {
  return page.waitForSelector(`[data-testid="detail"][data-id="${id}"]`, { timeout: WAIT_MS });
}

function waitForPuntos(page: Page, uid: string, puntos: number): Promise<unknown> {
  return page.waitForFunction(
    (sel, value) =>
      (globalThis as unknown as PageGlobals).document.querySelector(`${sel} [data-field="puntos"]`)?.dataset
        .value === value,
    { timeout: WAIT_MS },
    customerRow(uid),
    String(puntos),
  );
}

async function adminState(): Promise<{ faults: { enabled: boolean } }> {
  const response = await fetch(`${baseUrl}/__admin/state`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { faults: { enabled: boolean } } }).data;
}

function addCompra8812() {
  return client.clientes.puntos.add(
    'cli_0001',
    { puntos: 150, motivo: 'Compra 8812' },
    { idempotencyKey: 'compra-8812' },
  );
}

describe('the reference server inspector in a headless Chromium page', () => {
  it('a request made through the SDK appears on the open page within 1 s', async () => {
    const { page, problems } = await openInspector();
    await client.clientes.retrieve('cli_0001');
    const row = await page.waitForSelector(
      '[data-testid="request-row"][data-path="/ext/v3/clientes/cli_0001"]',
      { timeout: LIVE_MS },
    );
    const text = await row?.evaluate((element) => element.textContent);
    expect(text).toContain('GET');
    expect(text).toContain('clientes.retrieve');
    expect(text).toContain('200');
    expect(problems).toEqual([]);
  });

  it('the filter box shows only the matching requests', async () => {
    const { page, problems } = await openInspector();
    await client.clientes.retrieve('cli_0001');
    await expect(client.clientes.retrieve('cli_9999')).rejects.toBeInstanceOf(NotFoundError);
    await page.waitForSelector('[data-testid="request-row"][data-status="200"]', { timeout: WAIT_MS });
    await page.waitForSelector('[data-testid="request-row"][data-status="404"]', { timeout: WAIT_MS });

    await page.type('[data-testid="filter"]', '404');
    const visible = await page.evaluate(() =>
      Array.from(
        (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="request-row"]'),
      )
        .filter((row) => row.checkVisibility())
        .map((row) => row.dataset.status),
    );
    expect(visible).toEqual(['404']);
    expect(await rowIds(page, '[data-testid="request-row"]')).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it('the detail of a request shows its body and the envelope it got', async () => {
    const { page, problems } = await openInspector();
    const result = await addCompra8812();
    await page.waitForSelector(rowOf('clientes.puntos.add'), { timeout: WAIT_MS });
    const [id] = await rowIds(page, rowOf('clientes.puntos.add'));

    await page.click(rowOf('clientes.puntos.add'));
    await waitForDetailOf(page, id ?? Number.NaN);
    const detail = await textOf(page, '[data-testid="detail"]');
    expect(detail).toContain('POST');
    expect(detail).toContain('/ext/v3/clientes/cli_0001/puntos');
    expect(detail).toContain('Compra 8812');
    expect(detail).toContain('150');
    expect(detail).toContain('compra-8812');
    // The envelope, pretty-printed, with the movement the SDK got.
    expect(detail).toContain('"codigoRespuesta": 0');
    expect(detail).toContain('"msj"');
    expect(detail).toContain(result.movimientoId);
    expect(problems).toEqual([]);
  });

  it("a replay's detail links to the original request", async () => {
    const { page, problems } = await openInspector();
    await addCompra8812();
    await addCompra8812();
    await waitForCount(page, rowOf('clientes.puntos.add'), 2);
    const [replay, original] = await rowIds(page, rowOf('clientes.puntos.add'));
    if (replay === undefined || original === undefined) throw new Error('two rows were expected');
    expect(replay).toBeGreaterThan(original);

    await page.click(`${rowOf('clientes.puntos.add')}[data-id="${replay}"]`);
    await waitForDetailOf(page, replay);
    const detail = await textOf(page, '[data-testid="detail"]');
    expect(detail).toContain('replayed');
    expect(detail).toContain(`original request #${original}`);

    await page.click('[data-testid="detail"] [data-testid="original-request"]');
    await waitForDetailOf(page, original);
    const originalDetail = await textOf(page, '[data-testid="detail"]');
    expect(originalDetail).toContain(`#${original}`);
    expect(originalDetail).not.toContain('original request #');
    expect(problems).toEqual([]);
  });

  it('reset empties the request list and restores the seeded state', async () => {
    const seeded = server.admin.customer('cli_0001')?.puntos ?? Number.NaN;
    const { page, problems } = await openInspector();
    await client.clientes.puntos.add('cli_0001', { puntos: 500, motivo: 'Antes del reset' });
    await page.waitForSelector(rowOf('clientes.puntos.add'), { timeout: WAIT_MS });
    await waitForPuntos(page, 'cli_0001', seeded + 500);

    await page.click('[data-testid="reset"]');
    await waitForCount(page, '[data-testid="request-row"]', 0);
    const restored = server.admin.customer('cli_0001')?.puntos;
    expect(restored).toBe(seeded);
    await waitForPuntos(page, 'cli_0001', restored ?? Number.NaN);
    expect(await rowIds(page, '[data-testid="request-row"]')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a customer named <img src=x onerror=alert(1)> stays text', async () => {
    const { page, problems, dialogs } = await openInspector();
    const created = await client.clientes.create({
      usuarioData: { nombre: XSS_NAME, email: 'xss@example.com' },
    });
    await page.waitForSelector(customerRow(created.uid), { timeout: WAIT_MS });
    expect(await textOf(page, `${customerRow(created.uid)} [data-field="name"]`)).toBe(XSS_NAME);
    expect(await page.$('[data-testid="customers"] img')).toBeNull();

    // Its movements and audit, and the request that created it, show the name as text too.
    await page.click(customerRow(created.uid));
    await page.waitForSelector(`[data-testid="customer-detail"][data-uid="${created.uid}"]`, {
      timeout: WAIT_MS,
    });
    expect(await textOf(page, '[data-testid="customer-detail"]')).toContain(XSS_NAME);
    await page.click(rowOf('clientes.create'));
    await page.waitForSelector('[data-testid="detail"][data-id]', { timeout: WAIT_MS });
    expect(await textOf(page, '[data-testid="detail"]')).toContain(XSS_NAME);

    expect(await page.$('img')).toBeNull();
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the fault toggle switches fault injection on and off', async () => {
    const { page, problems } = await openInspector();
    const toggle = '[data-testid="faults-toggle"]';
    try {
      expect((await adminState()).faults.enabled).toBe(false);
      expect(await textOf(page, toggle)).toBe('Faults: off');

      await page.click(toggle);
      await waitForText(page, toggle, 'Faults: on');
      expect((await adminState()).faults.enabled).toBe(true);

      await page.click(toggle);
      await waitForText(page, toggle, 'Faults: off');
      expect((await adminState()).faults.enabled).toBe(false);
    } finally {
      // The other tests need fault injection off, whatever happened here.
      await fetch(`${baseUrl}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      });
    }
    expect(problems).toEqual([]);
  });

  it('the detail shows no stray text beside its parts (a left-out part printed "null")', async () => {
    const { page, problems } = await openInspector();
    await client.clientes.retrieve('cli_0001');
    await page.waitForSelector(rowOf('clientes.retrieve'), { timeout: WAIT_MS });
    const [id] = await rowIds(page, rowOf('clientes.retrieve'));
    await page.click(rowOf('clientes.retrieve'));
    await waitForDetailOf(page, id ?? Number.NaN);
    const strayText = await page.evaluate(() =>
      Array.from(
        (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="detail"]')?.childNodes ??
          [],
      )
        .filter((node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '')
        .map((node) => node.textContent),
    );
    expect(strayText).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a 409's detail links the request that used the key first and shows how the bodies differ", async () => {
    const { page, problems } = await openInspector();
    await addCompra8812();
    const refused = client.clientes.puntos.add(
      'cli_0001',
      { puntos: 151, motivo: 'Compra 8812' },
      { idempotencyKey: 'compra-8812' },
    );
    await expect(refused).rejects.toMatchObject({ status: 409 });
    await waitForCount(page, rowOf('clientes.puntos.add'), 2);
    const [conflict, original] = await rowIds(page, rowOf('clientes.puntos.add'));
    if (conflict === undefined || original === undefined) throw new Error('two rows were expected');

    await page.click(`${rowOf('clientes.puntos.add')}[data-id="${conflict}"]`);
    await waitForDetailOf(page, conflict);
    expect(await textOf(page, '[data-testid="detail"] [data-testid="first-use"]')).toBe(
      `request #${original}`,
    );
    const differences = await textOf(page, '[data-testid="conflict-differences"]');
    expect(differences).toContain('body.puntos');
    expect(differences).toContain('150');
    expect(differences).toContain('151');
    expect(differences).not.toContain('motivo');

    await page.click('[data-testid="detail"] [data-testid="first-use"]');
    await waitForDetailOf(page, original);
    expect(await textOf(page, '[data-testid="detail"]')).toContain(`Refused as conflicts#${conflict}`);
    expect(problems).toEqual([]);
  });

  it('the header says when older requests were dropped from the log', async () => {
    const small = createReferenceServer({ requestLog: { size: 5 } });
    const smallUrl = await small.listen();
    try {
      const smallClient = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl: smallUrl, maxRetries: 0 });
      for (let call = 0; call < 8; call++) await smallClient.tareas.list();
      const { page, problems } = await openInspector(undefined, smallUrl);
      await waitForText(page, '[data-testid="request-count"]', 'showing the last 5 of 8');
      // The page keeps what it saw arrive (up to its own 1000) though the server's log has let it go.
      await smallClient.tareas.list();
      await waitForText(page, '[data-testid="request-count"]', 'showing the last 6 of 9');
      expect(problems).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('the state panel shows the page a state read answered and says more exist', async () => {
    const large = createReferenceServer();
    const largeUrl = await large.listen();
    try {
      // The seed's 24 and 1,000 more: a state read answers the first 1,000 of each list.
      for (let index = 0; index < 1_000; index++) large.admin.createCustomer();
      const { page, problems } = await openInspector(undefined, largeUrl);
      await waitForCount(page, '[data-testid="customer-row"]', 1_000);
      expect(await textOf(page, '[data-tab="customers"] .count')).toBe('1000 of 1024');
      expect(await textOf(page, '[data-testid="customers"] [data-testid="more"]')).toBe(
        'Showing 1000 of 1024 customers; the rest are on the server: GET /__admin/state?offset=1000',
      );
      expect(await textOf(page, '[data-testid="groups"] [data-testid="more"]')).toBe('');
      expect(problems).toEqual([]);
    } finally {
      await large.close();
    }
  });

  it('a page of another origin cannot frame the inspector nor an admin route, where it can frame the API', async () => {
    // The other origin: another port of this machine, serving one frame of the `src` it is asked for.
    const other = createServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<iframe src="${src}"></iframe>`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    /** The URL the browser shows in a frame of `src` on the other origin's page. */
    async function framed(src: string): Promise<string | undefined> {
      const page = await browser.newPage();
      pages.push(page);
      await page.goto(`http://127.0.0.1:${port}/?src=${encodeURIComponent(src)}`, { waitUntil: 'load' });
      return page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url();
    }
    try {
      expect(await framed(`${baseUrl}/ext/v3/tareas`)).toBe(`${baseUrl}/ext/v3/tareas`);
      expect(await framed(`${baseUrl}/__inspector`)).toMatch(/^chrome-error:/);
      expect(await framed(`${baseUrl}/__admin/state`)).toMatch(/^chrome-error:/);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('readable at 1280x800 and on a narrow window', async () => {
    // A few requests of different kinds, so that the screenshot shows what the page is for.
    await client.clientes.retrieve('cli_0001');
    await client.tareas.list();
    await client.promociones.list();
    await client.clientes.puntos.list('cli_0002');
    await expect(client.clientes.retrieve('cli_9999')).rejects.toBeInstanceOf(NotFoundError);
    await client.clientes.nivel.recalculate('cli_0001');
    const compra = { puntos: 250, motivo: 'Compra 4521' };
    await client.clientes.puntos.add('cli_0002', compra, { idempotencyKey: 'compra-4521' });
    await client.clientes.puntos.add('cli_0002', compra, { idempotencyKey: 'compra-4521' });
    await client.clientes.retrieve('cli_0002');

    const { page, problems } = await openInspector({ width: 1280, height: 800 });
    const [replay] = await rowIds(page, rowOf('clientes.puntos.add'));
    await page.click(`${rowOf('clientes.puntos.add')}[data-id="${replay}"]`);
    await waitForDetailOf(page, replay ?? Number.NaN);
    mkdirSync(NARROW_DIR, { recursive: true });
    await page.screenshot({ path: SCREENSHOT });

    await page.setViewport({ width: 420, height: 800 });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as unknown as PageGlobals).requestAnimationFrame(() => resolve()),
        ),
    );
    const scrollWidth = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
    );
    await page.screenshot({ path: NARROW_SCREENSHOT });
    expect(scrollWidth).toBeLessThanOrEqual(420);
    expect(problems).toEqual([]);
  });
});
