import {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER_NAME,
  maskSecret,
  REPLAYED_HEADER_NAME,
} from '../../core/index.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { matchRoute } from '../engine/router.js';
import { FAULT_HEADER } from '../faults/inject.js';
import { maskedExchange } from './request-secrets.js';

/** One place where a refused request differs from the one that used its Idempotency-Key first. */
export interface ConflictDifference {
  /** `operation`, `path`, or a field of the JSON body: `body.puntos`, `body.usuarioData.email`, `body.uids.2`. */
  at: string;
  /** The value in the first use, as JSON text (the operation and path as they are); null where it had none. */
  first: string | null;
  /** The value in the refused request, alike; null where it has none. */
  now: string | null;
}

/** What a 409 on an Idempotency-Key was refused for: the request that holds the key, and how this one differs. */
export interface IdempotencyConflict {
  /** The id of the entry whose write holds the key (the newest earlier one, while it is in the log). */
  firstUse: number;
  /**
   * Where the two differ; null when the bodies cannot be compared (one was cut at the log's
   * `bodyChars`, or is not JSON): the detail then shows both.
   */
  differences: ConflictDifference[] | null;
}

/** A request or an answer as the log keeps it: headers, and the body up to the log's cap. */
export interface LoggedMessage {
  headers: Record<string, string>;
  body: string | null;
  bodyTruncated: boolean;
}

/** One request the reference server answered, as `GET /__admin/requests` and `admin.requests()` show it. */
export interface RequestEntry {
  /** 1, 2, 3... in the order the answers were given; a reset starts again from the next number. */
  id: number;
  /** When the answer was given, ISO 8601. */
  time: string;
  method: string;
  path: string;
  /** The raw query, without `?`. */
  query: string;
  /** The operation of the method and path; null when they name none. */
  operationId: string | null;
  /** The API key sent, masked (`****opes`); null when none was sent. */
  key: string | null;
  /** The application of a recognised key; null otherwise. */
  appId: number | null;
  status: number;
  durationMs: number;
  /** For a write that carried an Idempotency-Key: run (new), answered again (replayed), or refused (conflict). */
  idempotency: 'new' | 'replayed' | 'conflict' | null;
  idempotencyKey: string | null;
  /** The entry whose answer a replay repeated, while it is still in the log. */
  replayOf: number | null;
  /** For a conflict: the entry that holds the key, while it is still in the log, and how this request differs from it. */
  conflict: IdempotencyConflict | null;
  /** The fault injected into this answer, if any. */
  fault: string | null;
  requestId: string | null;
  /**
   * The request's headers without `apikey`; its value, the `Authorization`, `Proxy-Authorization`
   * and `Cookie` credentials and an `apikey` query parameter are masked here, in `path`, `query`
   * and both bodies (docs/reference-server.md, "The request log").
   */
  request: LoggedMessage;
  response: LoggedMessage;
}

/** What the log keeps of a request at once; the rest is derived when someone reads it. */
export interface RawEntry {
  id: number;
  at: number;
  durationMs: number;
  /** Method, path and query only: the request object itself (the adapter's headers and buffers) is let go. */
  request: Pick<EngineRequest, 'method' | 'path' | 'query'>;
  /** The request's headers, `apikey` taken out, and the masked key. */
  requestHeaders: Record<string, string>;
  key: string | null;
  /**
   * The key sent, never shown: what a reader sees is masked when the entry is derived, so that
   * recording stays a push (masking scans every body for the key).
   */
  apiKey: string | undefined;
  requestBody: LoggedBody;
  /** The answer without its body: the log keeps the body only up to its cap, in `responseBody`. */
  response: Pick<EngineResponse, 'status' | 'headers' | 'fault'>;
  responseBody: LoggedBody;
  /** What `entryOf` derived, once someone read the entry. */
  derived?: RequestEntry;
}

interface LoggedBody {
  text: string | null;
  truncated: boolean;
}

/** The key as everything the package prints shows it (`****opes`: the last 4 characters at most); null when none was sent. */
export function maskKey(key: string | undefined): string | null {
  if (key === undefined || key === '') return null;
  return maskSecret(key);
}

/**
 * The text of a body, or of as much of its start as `cap` characters need: UTF-8 spends at most
 * three bytes on a UTF-16 unit, and a sequence cut at the end takes at most three more, so the
 * first `3 * cap + 3` bytes decode to more than `cap` units whenever the body has more.
 */
function textOf(body: EngineRequest['body'] | string, cap: number): string | undefined {
  if (body === undefined || typeof body === 'string') return body;
  const needed = 3 * cap + 3;
  return new TextDecoder().decode(body.byteLength > needed ? body.subarray(0, needed) : body);
}

/**
 * The first `cap` characters as a string of their own: V8 keeps the whole of a string alive
 * behind a slice of it, so a slice alone would not bound what the log holds.
 */
function detachedStart(text: string, cap: number): string {
  const last = text.charCodeAt(cap - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? cap - 1 : cap;
  return Buffer.from(text.slice(0, end), 'utf16le').toString('utf16le');
}

const NO_BODY: LoggedBody = Object.freeze({ text: null, truncated: false });

/** The body up to `cap` characters: a log of a thousand entries holds at most that much of each. */
export function capBody(body: EngineRequest['body'] | string, cap: number): LoggedBody {
  const text = textOf(body, cap);
  if (text === undefined || text === '') return NO_BODY;
  return text.length > cap ? { text: detachedStart(text, cap), truncated: true } : { text, truncated: false };
}

export function keptHeaders(headers: EngineRequest['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (name !== API_KEY_HEADER && value !== undefined) kept[name] = value;
  }
  return kept;
}

function envelopeMeta(body: string | null): { requestId: string | null; appId: number | null } {
  if (body === null || !body.startsWith('{')) return { requestId: null, appId: null };
  try {
    const meta = (JSON.parse(body) as { meta?: { requestId?: unknown; appId?: unknown } }).meta;
    return {
      requestId: typeof meta?.requestId === 'string' ? meta.requestId : null,
      appId: typeof meta?.appId === 'number' && meta.appId > 0 ? meta.appId : null,
    };
  } catch {
    return { requestId: null, appId: null };
  }
}

/** A fault the answer's delivery carries (a delay alone is latency, not a fault). */
function deliveryFault(response: RawEntry['response']): string | null {
  if (response.fault?.action === 'drop') return 'drop';
  if (response.fault?.action === 'stall') return 'stallBody';
  return null;
}

function idempotencyOf(raw: RawEntry, write: boolean): RequestEntry['idempotency'] {
  if (!write || raw.requestHeaders[IDEMPOTENCY_HEADER_NAME] === undefined) return null;
  if (raw.response.headers[REPLAYED_HEADER_NAME] === 'true') return 'replayed';
  return raw.response.status === 409 ? 'conflict' : 'new';
}

/**
 * The entry as readers see it, but for `replayOf` and `conflict`, which depend on the entries
 * around it (the log fills them in). Derived once per entry and kept: it parses the answer's envelope.
 */
export function entryOf(raw: RawEntry): RequestEntry {
  const route = matchRoute(raw.request.method.toUpperCase(), raw.request.path);
  const operation = route.kind === 'operation' ? route.operation : undefined;
  const shown = maskedExchange(
    {
      path: raw.request.path,
      query: raw.request.query,
      requestHeaders: raw.requestHeaders,
      requestBody: raw.requestBody.text,
      responseHeaders: raw.response.headers,
      responseBody: raw.responseBody.text,
    },
    raw.apiKey,
  );
  const idempotencyKey = operation ? (shown.requestHeaders[IDEMPOTENCY_HEADER_NAME] ?? null) : null;
  const idempotency = idempotencyOf(raw, operation !== undefined && operation.idempotency !== 'none');
  const { requestId, appId } = envelopeMeta(shown.responseBody);
  return {
    id: raw.id,
    time: new Date(raw.at).toISOString(),
    method: raw.request.method.toUpperCase(),
    path: shown.path,
    query: shown.query,
    operationId: operation?.id ?? null,
    key: raw.key,
    appId,
    status: raw.response.status,
    durationMs: raw.durationMs,
    idempotency,
    idempotencyKey: idempotency === null ? null : idempotencyKey,
    replayOf: null,
    conflict: null,
    fault: raw.response.headers[FAULT_HEADER] ?? deliveryFault(raw.response),
    requestId: requestId ?? shown.responseHeaders['x-request-id'] ?? null,
    request: {
      headers: shown.requestHeaders,
      body: shown.requestBody,
      bodyTruncated: raw.requestBody.truncated,
    },
    response: {
      headers: shown.responseHeaders,
      body: shown.responseBody,
      bodyTruncated: raw.responseBody.truncated,
    },
  };
}
