// @ts-check
/** docs/benchmarks.svg: one horizontal bar chart per figure, drawn as SVG text. */
import { writeFile } from 'node:fs/promises';

/**
 * @typedef {import('./benchmark.mjs').Result} Result
 * @typedef {{ title: string, value: (result: Result) => number, format: (value: number) => string }} Panel
 */

/** @type {readonly Panel[]} */
const PANELS = [
  {
    title: 'Client CPU per call, µs (concurrency 1; lower is better)',
    value: (result) => result.at[1].cpuMicrosPerCall,
    format: (value) => value.toFixed(1),
  },
  {
    title: 'Requests per second, concurrency 1 (higher is better)',
    value: (result) => result.at[1].requestsPerSecond,
    format: (value) => Math.round(value).toLocaleString('en-US'),
  },
  {
    title: 'Requests per second, concurrency 32 (higher is better)',
    value: (result) => result.at[32].requestsPerSecond,
    format: (value) => Math.round(value).toLocaleString('en-US'),
  },
];

const WIDTH = 820;
const LABEL_WIDTH = 240;
const BAR_AREA = 480;
const BAR_HEIGHT = 18;
const BAR_GAP = 6;
const TITLE_HEIGHT = 30;
const PANEL_GAP = 18;

/** @param {string} text */
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** @param {Result} result */
function colour(result) {
  if (result.name.startsWith('undici')) return '#7f8c8d';
  if (result.name.startsWith('loyalty-sdk')) return '#2c7fb8';
  return '#e6842a';
}

/**
 * @param {readonly Result[]} results
 * @returns {string}
 */
export function renderChart(results) {
  const panelHeight = TITLE_HEIGHT + results.length * (BAR_HEIGHT + BAR_GAP);
  const height = PANELS.length * (panelHeight + PANEL_GAP);
  /** @type {string[]} */
  const parts = [];
  PANELS.forEach((panel, index) => {
    const top = index * (panelHeight + PANEL_GAP);
    const max = Math.max(...results.map(panel.value));
    parts.push(`<text x="10" y="${top + 20}" font-weight="bold">${escapeXml(panel.title)}</text>`);
    results.forEach((result, row) => {
      const y = top + TITLE_HEIGHT + row * (BAR_HEIGHT + BAR_GAP);
      const value = panel.value(result);
      const width = max > 0 ? (value / max) * BAR_AREA : 0;
      parts.push(
        `<text x="${LABEL_WIDTH - 8}" y="${y + 13}" text-anchor="end">${escapeXml(result.name)}</text>`,
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" fill="${colour(result)}"/>`,
        `<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + 13}">${escapeXml(panel.format(value))}</text>`,
      );
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#ffffff"/>
${parts.join('\n')}
</svg>
`;
}

/**
 * @param {string} path
 * @param {readonly Result[]} results
 */
export async function writeChart(path, results) {
  await writeFile(path, renderChart(results));
}
