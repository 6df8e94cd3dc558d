import { API_KEY_HEADER } from '../../core/index.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { isRememberedStatus } from '../engine/idempotency.js';
import { conflictDifferences } from './conflict.js';
import { capBody, entryOf, keptHeaders, maskKey, type RawEntry, type RequestEntry } from './request-entry.js';

/** What `GET /__admin/requests` and `admin.requests()` filter by; every part optional. */
export interface RequestFilter {
  /** An operation id, e.g. `clientes.puntos.add`. */
  operation?: string | undefined;
  /** A status (`404`) or a class (`4xx`). */
  status?: string | undefined;
  /** A customer uid the path names. */
  uid?: string | undefined;
  /** Only entries after this id. */
  since?: number | undefined;
}

/** What a subscriber of the log hears: each new entry, and a reset. */
export type RequestLogEvent = { type: 'request'; entry: RequestEntry } | { type: 'reset' };

/** How much of what the server answered the log still holds: `recorded - kept` entries were dropped. */
export interface RequestLogCounts {
  /** The API requests answered since the server started or was last reset. */
  recorded: number;
  /** The entries the log holds now: the newest `size` at most. */
  kept: number;
  /** The most it holds (`requestLog.size`). */
  size: number;
}

export interface RequestLogSettings {
  /** The entries kept: the newest this many; 0 keeps none. */
  size: number;
  /** The characters of each request and response body kept. */
  bodyChars: number;
}

function statusMatches(status: number, wanted: string): boolean {
  const classOf = /^([1-5])xx$/i.exec(wanted);
  return classOf ? Math.floor(status / 100) === Number(classOf[1]) : String(status) === wanted;
}

function pathNamesUid(path: string, uid: string): boolean {
  return path.split('/').includes(encodeURIComponent(uid));
}

/**
 * The reference server's request log: a ring of the newest requests it answered (admin and
 * inspector requests are not logged). Recording keeps references and caps the bodies; what a
 * reader sees (operation, masked key, idempotency outcome, the original of a replay) is derived
 * when it reads, so that a request pays for little more than a push.
 */
export class RequestLog {
  readonly #settings: RequestLogSettings;
  /** A ring: `#raw[#start]` is the oldest entry, and there are `#count` of them. */
  #raw: RawEntry[] = [];
  #start = 0;
  #count = 0;
  #nextId = 1;
  #recorded = 0;
  readonly #listeners = new Set<(event: RequestLogEvent) => void>();

  constructor(settings: RequestLogSettings) {
    this.#settings = settings;
  }

  record(request: EngineRequest, response: EngineResponse, at: number, durationMs: number): void {
    this.#recorded += 1;
    if (this.#settings.size === 0) return;
    const { bodyChars } = this.#settings;
    const raw: RawEntry = {
      id: this.#nextId++,
      at,
      durationMs,
      request: { method: request.method, path: request.path, query: request.query },
      requestHeaders: keptHeaders(request.headers),
      key: maskKey(request.headers[API_KEY_HEADER]),
      apiKey: request.headers[API_KEY_HEADER],
      requestBody: capBody(request.body, bodyChars),
      response: { status: response.status, headers: response.headers, fault: response.fault },
      responseBody: capBody(response.body, bodyChars),
    };
    const { size } = this.#settings;
    if (this.#count < size) {
      this.#raw[(this.#start + this.#count) % size] = raw;
      this.#count += 1;
    } else {
      this.#raw[this.#start] = raw;
      this.#start = (this.#start + 1) % size;
    }
    if (this.#listeners.size > 0) {
      const event: RequestLogEvent = { type: 'request', entry: this.#entryOf(this.#count - 1) };
      for (const listener of this.#listeners) listener(event);
    }
  }

  /** The entry at `position`, 0 the oldest. */
  #at(position: number): RawEntry {
    return this.#raw[(this.#start + position) % this.#settings.size] as RawEntry;
  }

  /** The entries that pass `filter`, newest first. */
  list(filter: RequestFilter = {}): RequestEntry[] {
    const entries: RequestEntry[] = [];
    for (let index = this.#count - 1; index >= 0; index--) {
      const raw = this.#at(index);
      if (filter.since !== undefined && raw.id <= filter.since) break;
      if (filter.uid !== undefined && !pathNamesUid(raw.request.path, filter.uid)) continue;
      if (filter.status !== undefined && !statusMatches(raw.response.status, filter.status)) continue;
      const entry = this.#entryOf(index);
      if (filter.operation !== undefined && entry.operationId !== filter.operation) continue;
      entries.push(entry);
    }
    return entries;
  }

  subscribe(listener: (event: RequestLogEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  counts(): RequestLogCounts {
    return { recorded: this.#recorded, kept: this.#count, size: this.#settings.size };
  }

  /** Forgets every entry (the ids go on) and tells the subscribers. */
  clear(): void {
    this.#raw = [];
    this.#start = 0;
    this.#count = 0;
    this.#recorded = 0;
    for (const listener of this.#listeners) listener({ type: 'reset' });
  }

  /** The entry at `position`, derived on its first reading and kept. */
  #derived(position: number): RequestEntry {
    const raw = this.#at(position);
    raw.derived ??= entryOf(raw);
    return raw.derived;
  }

  /**
   * A copy of the entry at `position`, with what depends on the entries before it: the original of
   * a replay, and the holder of a conflicting request's key.
   */
  #entryOf(position: number): RequestEntry {
    const entry = this.#derived(position);
    if (entry.idempotency === 'replayed') {
      // The newest earlier entry of the same operation, key and application whose write ran.
      const original = this.#newestEarlier(
        position,
        (candidate) => candidate.operationId === entry.operationId,
      );
      return { ...entry, replayOf: original?.id ?? null };
    }
    if (entry.idempotency === 'conflict') {
      // The key's holder: the newest earlier run of any operation whose answer the service keeps.
      const holder = this.#newestEarlier(position, (candidate) => isRememberedStatus(candidate.status));
      return holder
        ? { ...entry, conflict: { firstUse: holder.id, differences: conflictDifferences(holder, entry) } }
        : { ...entry };
    }
    return { ...entry };
  }

  /** The newest entry before `position` that ran a write under the same Idempotency-Key, API key and application, and passes `also`. */
  #newestEarlier(position: number, also: (candidate: RequestEntry) => boolean): RequestEntry | undefined {
    const entry = this.#derived(position);
    for (let earlier = position - 1; earlier >= 0; earlier--) {
      const candidate = this.#derived(earlier);
      if (
        candidate.idempotency === 'new' &&
        candidate.idempotencyKey === entry.idempotencyKey &&
        candidate.key === entry.key &&
        candidate.appId === entry.appId &&
        also(candidate)
      ) {
        return candidate;
      }
    }
    return undefined;
  }
}
