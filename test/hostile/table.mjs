// @ts-check
/**
 * Issue 34's table, measured: every cell run against the hostile server and printed as Markdown,
 * for a build of any commit (`--dist`), so that the same table can be measured before and after.
 *
 *   node test/hostile/table.mjs [--dist DIR] [--parallel N] [--only ATTACK,...] [--hard-timeout-ms N]
 *
 * --only takes attacks (hostile-server.ts), `flood` (2,000 MCP HTTP sessions) and `serve` (what
 * `loyalty serve` logs of a request's credentials).
 *
 * The measuring code is TypeScript: esbuild bundles it into .tmp/ (packages left external) and
 * plain node runs it, as test/docs/generate.mjs does. A cell that outlives the hard timeout reads
 * "did not settle"; one that grows past --rss-limit-mb is stopped there, to spare the machine.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./table-entry.ts', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string', default: `${ROOT}dist` },
    parallel: { type: 'string', default: '2' },
    only: { type: 'string' },
    'hard-timeout-ms': { type: 'string', default: '90000' },
    'rss-limit-mb': { type: 'string', default: '3000' },
  },
});

const outfile = `${ROOT}.tmp/hostile/table.mjs`;
await build({
  entryPoints: [ENTRY],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // The bundle finds the child scripts beside its sources, not beside itself.
  define: { 'import.meta.url': JSON.stringify(pathToFileURL(ENTRY).href) },
});
/** @type {typeof import('./table-entry.ts')} */
const {
  ROWS,
  SCENARIOS,
  SURFACES,
  describeCell,
  describeFlood,
  describeServeLog,
  measureAll,
  measureFlood,
  measureServeLog,
} = await import(pathToFileURL(outfile).href);

const only = flags.only?.split(',');
const chosen = (/** @type {string} */ name) => !only || only.includes(name);
const scenarios = SCENARIOS.filter((scenario) => chosen(scenario.attack));
const settings = {
  dist: resolve(flags.dist ?? ''),
  hardTimeoutMs: Number(flags['hard-timeout-ms']),
  rssLimitMb: Number(flags['rss-limit-mb']),
  // The table says how long each cell took; the tests time nothing.
  now: () => performance.now(),
};
const measurements = await measureAll(scenarios, settings, Number(flags.parallel));
// Alone, so that nothing else competes with the flood for the machine.
const flood = chosen('flood') ? describeFlood(await measureFlood(settings.dist, settings)) : undefined;
const serveLog = chosen('serve')
  ? describeServeLog(await measureServeLog(settings.dist, settings))
  : undefined;

/** @type {Record<string, string>} */
const ATTACK_LABELS = {
  '600mb': 'with Content-Length',
  '600mb-chunked': 'chunked',
  'brotli-bomb': 'brotli',
  'gzip-bomb': 'gzip',
  'nul-header': 'in a header (invalid HTTP)',
  'nul-json': 'in the JSON',
};
/** @type {Record<string, string>} */
const SURFACE_LABELS = { cli: 'CLI', verify: 'verify', 'mcp-stdio': 'MCP stdio', 'mcp-http': 'MCP HTTP' };
const attackLabel = (/** @type {string} */ attack) =>
  ATTACK_LABELS[attack] ?? attack.replace(/^redirect-/, '');

/** @param {string} title @param {(surface: string) => boolean} inColumn */
function cell(title, inColumn) {
  const attacks = new Set(ROWS.filter((row) => row.title === title).flatMap((row) => row.attacks));
  const inCell = measurements
    .filter(
      (measurement) => inColumn(measurement.scenario.surface) && attacks.has(measurement.scenario.attack),
    )
    .sort((a, b) => SURFACES.indexOf(a.scenario.surface) - SURFACES.indexOf(b.scenario.surface));
  const labelled = new Set(inCell.map((measurement) => measurement.scenario.attack)).size > 1;
  return inCell
    .map((measurement) => {
      const { surface, attack } = measurement.scenario;
      const who = surface.startsWith('sdk-') ? '' : `${SURFACE_LABELS[surface]}: `;
      const which = labelled ? `${attackLabel(attack)}: ` : '';
      return `${which}${who}${describeCell(measurement)}`;
    })
    .join('<br>');
}

const titles = [...new Set(ROWS.map((row) => row.title))].filter((title) =>
  measurements.some((measurement) =>
    ROWS.some((row) => row.title === title && row.attacks.includes(measurement.scenario.attack)),
  ),
);
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.versions.node}, ${settings.dist}, 127.0.0.1 only; timeoutMs ${SCENARIOS[0]?.timeoutMs} ms with maxRetries 2 for large answers, redirects and echoes, 1000 ms with maxRetries 0 for a hang, a drip and a NUL; hard timeout ${settings.hardTimeoutMs / 1000} s; peak RSS of the process that reads the answer.`,
  '',
  '| attack | undici (default) | the `fetch` option | CLI / verify / MCP |',
  '|---|---|---|---|',
  ...titles.map(
    (title) =>
      `| ${title} | ${cell(title, (surface) => surface === 'sdk-undici')} | ${cell(title, (surface) => surface === 'sdk-fetch')} | ${cell(title, (surface) => !surface.startsWith('sdk-'))} |`,
  ),
  ...(flood ? [`| 2,000 MCP HTTP \`initialize\` calls | | | ${flood} |`] : []),
  ...(serveLog
    ? [`| \`Authorization: Bearer ...\` or \`?apikey=\` sent to \`loyalty serve\` | | | ${serveLog} |`]
    : []),
];
console.log(lines.join('\n'));
