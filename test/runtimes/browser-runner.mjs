// @ts-check
// The matrix on a browser: Debian's chromium, headless, driven by puppeteer-core, opening a page
// of its own origin that runs browser-page.mjs (bundled beside the packed package) and hands
// back the results, as the other runners do.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import puppeteer from 'puppeteer-core';
import { ensureDebianTool } from '../support/debian-tool.mjs';

/** As test/browser/chromium.ts: headless as root, no GPU, /tmp for shared memory. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const PAGE =
  '<!doctype html><meta charset="utf-8"><title>runtime matrix</title><script type="module" src="/page.js"></script>';

/** The absolute path of Debian's chromium, installed when this machine can. */
export function chromiumPath() {
  const command = ensureDebianTool({
    command: 'chromium',
    debianPackage: 'chromium',
    hint: 'chromium is missing: install it (Debian/Ubuntu: sudo apt-get install -y chromium) and run the matrix again',
  });
  return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
}

/** "Chromium 150" of `chromium --version`. @param {string} path */
export function chromiumLabel(path) {
  // Debian's wrapper script says things on stderr that are not the version.
  const version = execFileSync(path, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return `Chromium ${/(\d+)\./.exec(version)?.[1] ?? '?'} (headless)`;
}

/** @param {string} script */
async function servePage(script) {
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/page.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    else res.writeHead(204).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/**
 * @param {string} executablePath @param {string} script the bundled browser-page.mjs
 * @param {object} config the scenario's config
 * @returns {Promise<import('./scenario.js').CaseResult[]>}
 */
export async function runOnBrowser(executablePath, script, config) {
  const page = await servePage(script);
  const browser = await puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage();
    /** @type {string[]} */
    const problems = [];
    tab.on('pageerror', (error) => problems.push(String(error)));
    await tab.goto(`${page.origin}/`, { waitUntil: 'load' });
    await tab
      .waitForFunction(() => 'matrixCases' in globalThis, { timeout: 10_000 })
      .catch(() => {
        throw new Error(`the page's script did not run: ${problems.join('; ')}`);
      });
    return await tab.evaluate(
      (given) =>
        /** @type {{ matrixCases: (config: object) => Promise<import('./scenario.js').CaseResult[]> }} */ (
          /** @type {unknown} */ (globalThis)
        ).matrixCases(given),
      config,
    );
  } finally {
    await browser.close();
    await page.close();
  }
}
