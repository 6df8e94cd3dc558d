// @ts-check
/**
 * The CPU cost of telemetry per SDK read, each row measured in its own process against the same
 * SDK without @opentelemetry/api in that process: with the API installed and no SDK registered
 * (target: within 3%), and with the OpenTelemetry SDK registered, exporting to exporters that drop
 * what they get (a span, a child span and a histogram point per call).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** `root`'s dist/ with its package.json and runtime dependencies, and no @opentelemetry/api to find. */
async function copyWithoutApi(/** @type {string} */ root) {
  const folder = await mkdtemp(join(tmpdir(), 'loyalty-bench-no-otel-'));
  await cp(join(root, 'dist'), join(folder, 'dist'), { recursive: true });
  await cp(join(root, 'package.json'), join(folder, 'package.json'));
  await mkdir(join(folder, 'node_modules'));
  for (const name of ['undici', 'rate-limiter-flexible']) {
    await symlink(join(ROOT, 'node_modules', name), join(folder, 'node_modules', name));
  }
  return folder;
}

/**
 * @typedef {{ label: string, ratio: number, cpuWith: number, cpuWithout: number, target?: number }} TelemetryRow
 */

/**
 * @param {string} baseUrl the fixed server
 * @param {string} [root] the tree whose build is measured: this repository by default
 * @returns {Promise<TelemetryRow[]>}
 */
export async function measureTelemetryCost(baseUrl, root = ROOT) {
  const folder = await copyWithoutApi(root);
  try {
    const entry = pathToFileURL(join(folder, 'dist', 'index.js')).href;
    /** @type {TelemetryRow[]} */
    const rows = [];
    for (const [mode, label, target] of /** @type {const} */ ([
      ['api', 'SDK read, @opentelemetry/api installed, no SDK registered', 1.03],
      ['sdk', 'SDK read, OpenTelemetry SDK registered, exporters that drop', undefined],
    ])) {
      const child = fileURLToPath(new URL('./telemetry-child.mjs', import.meta.url));
      const { stdout } = await run(process.execPath, [child, baseUrl, entry, mode], {
        cwd: ROOT,
        maxBuffer: 1 << 20,
      });
      /** @type {import('./benchmark.mjs').Result[]} */
      const results = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]');
      const cpu = (/** @type {string} */ name) =>
        results.find((result) => result.name === name)?.at[1].cpuMicrosPerCall ?? Number.NaN;
      rows.push({
        label,
        cpuWith: cpu('with'),
        cpuWithout: cpu('without'),
        ratio: cpu('with') / cpu('without'),
        ...(target ? { target } : {}),
      });
    }
    return rows;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** @param {readonly TelemetryRow[]} rows */
export function formatTelemetryRows(rows) {
  const lines = [
    'telemetry: CPU per call at concurrency 1 (median), against the same SDK without @opentelemetry/api, in the same process',
  ];
  for (const row of rows) {
    const verdict =
      row.target === undefined
        ? ''
        : `  ${row.ratio <= row.target ? 'PASS' : 'FAIL'} target <= ${row.target.toFixed(2)}x`;
    lines.push(
      `${row.label.padEnd(62)} ${row.cpuWith.toFixed(1).padStart(7)} µs vs ${row.cpuWithout.toFixed(1).padStart(7)} µs  ${row.ratio.toFixed(3)}x${verdict}`,
    );
  }
  return lines.join('\n');
}
