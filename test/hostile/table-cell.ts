/**
 * A measurement in the words of issue 34's table: how the call ended, in how long, at what peak,
 * and what it showed of the key. Whatever it quotes is masked first: the table never prints it.
 */
import { maskSecretIn } from '../../src/core/index.js';
import { HOSTILE_KEY } from './key.js';
import type { Measurement } from './measure.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const megabytes = (mb: number | undefined) =>
  mb === undefined ? 'peak not read' : `peak ${Math.round(mb)} MB`;

/** Text of the run, safe to print: the key (or any 8 characters of it) masked, one line, short. */
export function quoted(text: string, length = 140): string {
  const line = maskSecretIn(text, HOSTILE_KEY).replace(/\s+/g, ' ').trim();
  const short = line.length > length ? `${line.slice(0, length - 1)}…` : line;
  return `"${short.replaceAll('|', '\\|')}"`;
}

/** The last line of a text that is not empty. */
export const lastLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? '';

function ended(measurement: Measurement): string {
  const { outcome, scenario, settledMs } = measurement;
  const limit = `${Math.round(scenario.timeoutMs)} ms`;
  switch (outcome) {
    case 'did not settle':
    case 'no answer':
      return `**${outcome === 'no answer' ? 'no answer' : 'did not settle'} within the hard timeout** (timeoutMs ${limit})`;
    case 'stopped at the memory limit':
      return '**stopped at the memory limit**';
    case 'pending at exit':
      return `**never settles: the process exits ${measurement.exitCode} with the call pending**`;
    default:
      return settledMs === undefined ? outcome : `in ${seconds(settledMs)}`;
  }
}

function sdkWords(measurement: Measurement): string {
  const { sdk } = measurement;
  if (sdk?.outcome === 'resolved') return 'resolved';
  if (sdk?.outcome !== 'rejected') return '';
  const { name, message, location } = sdk.error ?? {};
  const where = location === undefined ? '' : ` (location ${quoted(String(location), 80)})`;
  return `${name}${where}: ${quoted(String(message ?? ''), 110)}`;
}

function cliWords(measurement: Measurement): string {
  const said = lastLine(measurement.stderr.head);
  const printed = measurement.stdout.bytes === 0 ? ', no output' : `, ${measurement.stdout.bytes} bytes out`;
  return `exit ${measurement.exitCode}${printed}${said ? `: ${quoted(said)}` : ''}`;
}

function mcpWords(measurement: Measurement): string {
  const { tool } = measurement;
  if (!tool?.response) return tool?.problem ?? '';
  const result = tool.response.result as { isError?: boolean; content?: { text?: string }[] } | undefined;
  if (!result) return `a JSON-RPC error: ${quoted(JSON.stringify(tool.response.error ?? {}))}`;
  const text = result.content?.map((item) => item.text ?? '').join(' ') ?? '';
  return `${result.isError ? 'isError' : 'a result'}: ${quoted(text, 110)}`;
}

function otherWords(measurement: Measurement): string {
  const { other } = measurement;
  if (!other) return '';
  if (other.requests === 0) return '; the other origin received nothing';
  const what = [
    other.keyRun > 0 ? `${other.keyRun} characters of the key` : '',
    other.idempotencyKey ? 'the Idempotency-Key' : '',
    other.body ? 'the body' : '',
  ].filter(Boolean);
  return `; **the other origin received ${other.requests} request(s)${what.length ? `: ${what.join(', ')}` : ''}**`;
}

/** One measurement as the table shows it. */
export function describeCell(measurement: Measurement): string {
  const { scenario, keyRun, requests } = measurement;
  const words = scenario.surface.startsWith('sdk-')
    ? sdkWords(measurement)
    : scenario.surface.startsWith('mcp-')
      ? mcpWords(measurement)
      : cliWords(measurement);
  const retried =
    requests <= 1
      ? ''
      : scenario.surface === 'verify'
        ? `, ${requests} probes`
        : `, ${requests} requests (retried)`;
  const key = keyRun > 0 ? `; **${keyRun} of ${HOSTILE_KEY.length} characters of the key shown**` : '';
  const what = [words, ended(measurement)].filter(Boolean).join(' ');
  return `${what}, ${megabytes(measurement.peakRssMb)}${retried}${otherWords(measurement)}${key}`;
}
