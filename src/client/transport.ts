import { counted } from '../core/index.js';

export interface TransportRequest {
  method: string;
  /** `http://host:port` */
  origin: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The attempt's deadline, headers and body together. */
  timeoutMs: number;
  /** The caller's signal, if any. */
  signal: AbortSignal | undefined;
  /** The most bytes of body read; past it the transport stops reading and rejects with `TransportTooLargeError`. */
  maxResponseBytes: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/** Sends a request and reads the whole answer; rejects with `TransportTimeoutError` past the deadline. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The deadline passed; the attempt turns this into a LoyaltyTimeoutError. */
export class TransportTimeoutError extends Error {
  override name = 'TransportTimeoutError';
}

/** The answer is larger than `maxResponseBytes`; the attempt turns this into a LoyaltyResponseTooLargeError. */
export class TransportTooLargeError extends Error {
  override name = 'TransportTooLargeError';

  constructor(
    readonly limitBytes: number,
    /** What had arrived when reading stopped: 0 when a Content-Length over the limit was refused. */
    readonly receivedBytes: number,
    /** The Content-Length the service declared, when it declared one over the limit. */
    readonly declaredBytes: number | undefined,
  ) {
    super(
      declaredBytes === undefined
        ? `more than ${counted(limitBytes, 'byte')} arrived`
        : `the answer declares ${declaredBytes} bytes (Content-Length)`,
    );
  }
}

/** A Content-Length over `limit`, refused before any of the body is read; undefined when within it or absent. */
export function declaredOver(
  contentLength: string | null | undefined,
  limit: number,
): TransportTooLargeError | undefined {
  if (!contentLength) return undefined;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit
    ? new TransportTooLargeError(limit, 0, declared)
    : undefined;
}
