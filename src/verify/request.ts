import { API_KEY_HEADER, IDEMPOTENCY_HEADER, shellCommand, shellQuote } from '../core/index.js';
import { type Probe, WRONG_KEY } from './probe.js';
import type { Samples } from './types.js';

/** Identifiers found by earlier reads, by sample name; never shown, only sent. */
export type Found = Partial<Record<keyof Samples, string | number>>;

/** A probe as HTTP: method, path with query, headers (the key left to the sender), body text. */
export interface WireRequest {
  method: string;
  /** Below the origin, with the query: what is sent. */
  path: string;
  /** The same, an identifier found by a read shown as its `{placeholder}`: what is recorded and printed. */
  shownPath: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function fillPath(probe: Probe, found: Found | undefined): { sent: string; shown: string } {
  let sent: string = probe.operation.path;
  let shown: string = probe.operation.path;
  for (const [name, value] of Object.entries(probe.params)) {
    const placeholder = `{${name}}`;
    if (typeof value === 'object') {
      const id = found?.[value.found];
      sent = sent.replace(placeholder, id === undefined ? placeholder : encodeURIComponent(String(id)));
      shown = shown.replace(placeholder, `{${value.found}}`);
    } else {
      sent = sent.replace(placeholder, encodeURIComponent(String(value)));
      shown = shown.replace(placeholder, encodeURIComponent(String(value)));
    }
  }
  return { sent, shown };
}

/** Whether the probe's path parameters are all at hand (a found one may be missing). */
export function isReady(probe: Probe, found: Found): boolean {
  return Object.values(probe.params).every(
    (value) => typeof value !== 'object' || found[value.found] !== undefined,
  );
}

/**
 * The HTTP request of a probe below `basePath`. `apiKey`: the key the sender puts in for `own`
 * probes; `undefined` leaves the header out of `headers` so nothing that is printed can hold it.
 */
export function wireRequest(probe: Probe, basePath: string, found?: Found, apiKey?: string): WireRequest {
  const { sent, shown } = fillPath(probe, found);
  const query = new URLSearchParams(probe.query).toString();
  const suffix = query ? `?${query}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (probe.key === 'wrong') headers[API_KEY_HEADER] = WRONG_KEY;
  if (probe.key === 'own' && apiKey !== undefined) headers[API_KEY_HEADER] = apiKey;
  if (probe.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER.toLowerCase()] = probe.idempotencyKey;
  const body = probe.body === undefined ? undefined : JSON.stringify(probe.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    method: probe.operation.method,
    path: `${basePath}${sent}${suffix}`,
    shownPath: `${basePath}${shown}${suffix}`,
    headers,
    body,
  };
}

/**
 * The probe as a curl command line: the key as `$LOYALTY_API_KEY` (in double quotes, the one
 * expansion it holds), found identifiers as placeholders, every other word quoted by `shellQuote`.
 */
export function reproduce(probe: Probe, origin: string, basePath: string): string {
  const wire = wireRequest(probe, basePath);
  const parts = [shellCommand(['curl', '-sS', '-X', wire.method, `${origin}${wire.shownPath}`])];
  if (probe.key === 'own') parts.push(`-H "${API_KEY_HEADER}: $LOYALTY_API_KEY"`);
  for (const [name, value] of Object.entries(wire.headers)) {
    if (name === 'accept') continue;
    const spelled =
      name === IDEMPOTENCY_HEADER.toLowerCase()
        ? IDEMPOTENCY_HEADER
        : name === 'content-type'
          ? 'Content-Type'
          : name;
    parts.push(`-H ${shellQuote(`${spelled}: ${value}`)}`);
  }
  if (wire.body !== undefined) parts.push(`--data ${shellQuote(wire.body)}`);
  return parts.join(' ');
}
