/** How long a session may sit idle, and how many may live at once (`--session-idle-ms`, `--max-sessions`). */
export interface SessionLimits {
  /** A session with no request open for this long is ended. */
  sessionIdleMs: number;
  /** The most sessions alive at once. */
  maxSessions: number;
}

/**
 * 30 minutes: twice the life of a group action's dry run (a pause that long ends no preview early),
 * and a client that keeps its stream open is never idle; the cap, not the idle time, bounds memory
 * (docs/mcp.md, "Sessions over HTTP").
 */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1_000;
export const DEFAULT_MAX_SESSIONS = 100;

interface Closable {
  close(): Promise<void>;
}

interface Entry<T> {
  transport: T;
  /** Requests of the session still open (an SSE stream stays open while its client listens). */
  open: number;
  /** When its last request ended, or began. */
  lastActive: number;
}

/** A request's hold on its session: the session is idle again once every hold is let go. */
export type Release = () => void;

/**
 * The live sessions of the HTTP transport, least recently used first. A session is in use while
 * one of its requests is open; idle ones end after `sessionIdleMs`, and the least recently used
 * idle one ends to make room for a new one when `maxSessions` live. Ending a session closes its
 * transport and forgets it.
 */
export class SessionTable<T extends Closable> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #limits: SessionLimits;
  readonly #now: () => number;

  constructor(limits: SessionLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The session's transport, held until the release is called; undefined when it has ended. */
  use(id: string): { transport: T; release: Release } | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return { transport: entry.transport, release: this.#hold(entry) };
  }

  /** Whether one more session may start: ends the least recently used idle one when full; false when every one is in use. */
  makeRoom(): boolean {
    if (this.#entries.size < this.#limits.maxSessions) return true;
    for (const [id, entry] of this.#entries) {
      if (entry.open === 0) {
        this.end(id);
        return this.#entries.size < this.#limits.maxSessions;
      }
    }
    return false;
  }

  /** A new session, held by the request that starts it. Call `makeRoom` first. */
  add(id: string, transport: T): Release {
    const entry: Entry<T> = { transport, open: 0, lastActive: this.#now() };
    this.#entries.set(id, entry);
    return this.#hold(entry);
  }

  /** Ends the sessions idle for `sessionIdleMs` or longer. */
  sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) {
      if (entry.open === 0 && now - entry.lastActive >= this.#limits.sessionIdleMs) this.end(id);
    }
  }

  /** Forgets the session and closes its transport (a transport that closed itself is only forgotten). */
  end(id: string): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#entries.delete(id);
    entry.transport.close().catch(() => undefined);
  }

  endAll(): Promise<void> {
    const transports = [...this.#entries.values()].map((entry) => entry.transport);
    this.#entries.clear();
    return Promise.all(transports.map((transport) => transport.close().catch(() => undefined))).then(
      () => undefined,
    );
  }

  #hold(entry: Entry<T>): Release {
    entry.open += 1;
    entry.lastActive = this.#now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.open -= 1;
      entry.lastActive = this.#now();
    };
  }
}
