import { RESPONSE_HEADERS } from '../../openapi/responses.js';
import type { ProbeAnswer } from '../answer.js';
import { HEADERS_OURS, onReference } from '../basis.js';
import { headerSeverity, RELIED_ON_HEADERS } from '../compare/responses.js';
import type { Probe } from '../probe.js';
import { noteHeaderType } from '../profile-observe.js';
import { addFinding, type Run, reproduceOf } from '../run.js';

/** Headers that say something about the API (retry, rate limits, request ids, replays); the rest is HTTP's. */
const API_HEADER =
  /^(retry-after|x-request-id|request-id|x-correlation-id|idempotent-replayed|(x-)?rate-?limit(-.*)?)$/i;

/** A header as the SDK's document spells it, else as it came. */
function spelled(name: string): string {
  return Object.keys(RESPONSE_HEADERS).find((known) => known.toLowerCase() === name) ?? name;
}

/** Per operation and header (lower case): the answers that should carry it, and those of the service that did. */
interface HeaderTally {
  operationId: Probe['operation']['id'];
  name: string;
  /** Statuses of the reference's answers that carried it. */
  expected: Set<string>;
  /** Statuses of the service's answers that carried it. */
  present: Set<string>;
  /** The service's answers to probes whose reference answer carried it, and how many lacked it. */
  of: number;
  missing: number;
  reproduce: string;
}

const tallies = new WeakMap<Run, Map<string, HeaderTally>>();

/**
 * Counts, for each API header the reference sends with its answer to a probe, whether the
 * service's answer carried it too (by name, whatever the statuses: a read's sample is not in the
 * reference's data, so it answers 404 where the service answers 200). Reported once a run has
 * seen every answer (headerFindings), with the count: a header missing from some answers only
 * (a proxy's own refusals, say) is missing where a client needs it all the same.
 */
export function tallyHeaders(run: Run, probe: Probe, observed: ProbeAnswer, expected: ProbeAnswer): void {
  const byKey = tallies.get(run) ?? new Map<string, HeaderTally>();
  tallies.set(run, byKey);
  for (const name of Object.keys(expected.headers).filter((header) => API_HEADER.test(header))) {
    const key = `${probe.operation.id} ${name}`;
    const tally = byKey.get(key) ?? {
      operationId: probe.operation.id,
      name,
      expected: new Set<string>(),
      present: new Set<string>(),
      of: 0,
      missing: 0,
      reproduce: reproduceOf(run, probe),
    };
    byKey.set(key, tally);
    tally.expected.add(String(expected.status));
    tally.of += 1;
    if (observed.headers[name] === undefined) {
      tally.missing += 1;
      if (tally.missing === 1) tally.reproduce = reproduceOf(run, probe);
    } else tally.present.add(String(observed.status));
  }
}

/** A `header` finding for each API header the service left out of some of its answers, with how many. */
export function headerFindings(run: Run): void {
  for (const tally of tallies.get(run)?.values() ?? []) {
    if (tally.missing === 0) continue;
    const expected = [...tally.expected].sort();
    const present = [...tally.present].sort();
    addFinding(run, {
      kind: 'header',
      operationId: tally.operationId,
      location: `header.${spelled(tally.name)}`,
      expected: { statuses: expected },
      observed: { statuses: present, missing: tally.missing, of: tally.of },
      // Where the SDK reads it, missing from any answer is missing where it needed it.
      severity: tally.name in RELIED_ON_HEADERS ? 'differs' : headerSeverity(tally.name, expected, present),
      ...HEADERS_OURS,
      reproduce: tally.reproduce,
    });
  }
}

/**
 * A header the service sends with a probe's answer and the reference does not: its JSON type is
 * noted for the profile (never its value).
 */
export function compareHeaders(run: Run, probe: Probe, observed: ProbeAnswer, expected: ProbeAnswer): void {
  const wanted = Object.keys(expected.headers).filter((name) => API_HEADER.test(name));
  const seen = Object.keys(observed.headers).filter((name) => API_HEADER.test(name));
  for (const name of seen.filter((header) => !wanted.includes(header))) {
    noteHeaderType(run, probe.operation.id, spelled(name), observed.headers[name] ?? '');
    addFinding(run, {
      kind: 'header',
      operationId: probe.operation.id,
      location: `header.${spelled(name)}`,
      expected: { statuses: [] },
      observed: { statuses: [String(observed.status)] },
      severity: 'info',
      ...onReference(),
      reproduce: reproduceOf(run, probe),
    });
  }
}

/** How often each API header came with the service's answers: names and counts only. */
export function headerProfile(run: Run): { path: string; value: unknown; source: 'probe' }[] {
  return [...run.headersSeen]
    .filter(([name]) => API_HEADER.test(name))
    .map(([name, count]) => ({
      path: `headers.${spelled(name)}`,
      value: { answers: count, of: run.answers },
      source: 'probe',
    }));
}
