import { RESPONSE_HEADERS } from '../../openapi/responses.js';
import type { ProbeAnswer } from '../answer.js';
import { headerSeverity } from '../compare/responses.js';
import type { Probe } from '../probe.js';
import { noteHeaderType } from '../profile-observe.js';
import { addFinding, type Run, reproduceOf } from '../run.js';

/** Headers that say something about the API (retry, rate limits, request ids, replays); the rest is HTTP's. */
export const API_HEADER =
  /^(retry-after|x-request-id|request-id|x-correlation-id|idempotent-replayed|(x-)?rate-?limit(-.*)?)$/i;

/** A header as the SDK's document spells it, else as it came. */
function spelled(name: string): string {
  return Object.keys(RESPONSE_HEADERS).find((known) => known.toLowerCase() === name) ?? name;
}

/**
 * The API headers of one probe's answers: one the reference sends and the service does not, or
 * the reverse. Compared by name only, whatever the statuses (a read's sample is not in the
 * reference's data, so it answers 404 where the service answers 200).
 */
export function compareHeaders(run: Run, probe: Probe, observed: ProbeAnswer, expected: ProbeAnswer): void {
  const wanted = Object.keys(expected.headers).filter((name) => API_HEADER.test(name));
  const seen = Object.keys(observed.headers).filter((name) => API_HEADER.test(name));
  const status = String(observed.status);
  for (const name of wanted.filter((header) => !seen.includes(header)))
    addFinding(run, {
      kind: 'header',
      operationId: probe.operation.id,
      location: `header.${spelled(name)}`,
      expected: { statuses: [status] },
      observed: { statuses: [] },
      severity: headerSeverity(name, [status], []),
      reproduce: reproduceOf(run, probe),
    });
  for (const name of seen.filter((header) => !wanted.includes(header))) {
    noteHeaderType(run, probe.operation.id, spelled(name), observed.headers[name] ?? '');
    addFinding(run, {
      kind: 'header',
      operationId: probe.operation.id,
      location: `header.${spelled(name)}`,
      expected: { statuses: [] },
      observed: { statuses: [String(observed.status)] },
      severity: 'info',
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
