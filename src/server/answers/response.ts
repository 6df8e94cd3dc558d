/** A request as every adapter (node:http, MSW, undici Dispatcher) hands it to the engine. */
export interface EngineRequest {
  method: string;
  /** Raw and still percent-encoded, without the query. */
  path: string;
  /** Raw, without the leading `?`; empty when there is none. */
  query: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body?: Uint8Array | string | undefined;
  /**
   * Where the request reached the server: scheme, host and any base path, without /ext/v3 (the
   * spec's {base_url}). Adapters set it; the served OpenAPI document names it as its server.
   */
  baseUrl?: string | undefined;
}

export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Present only when fault injection touched this answer: how the adapter must deliver it. */
  fault?: DeliveryFault;
}

/**
 * How an adapter delivers an answer touched by fault injection, after waiting `delayMs`:
 * `delay` sends it as usual; `drop` ends the connection without an answer; `stall` sends the
 * status, the headers and the first `afterBytes` bytes of the body, then nothing for `stallMs`,
 * then ends the connection.
 */
export type DeliveryFault =
  | { action: 'delay'; delayMs: number }
  | { action: 'drop'; delayMs: number }
  | { action: 'stall'; delayMs: number; afterBytes: number; stallMs: number };

/**
 * An answer: ready, but for a request run under an Idempotency-Key, whose answer is kept under
 * the key a turn later (the engine's `keep`), so every other request stays off the promise machinery.
 */
export type Answer = EngineResponse | Promise<EngineResponse>;

/** `change` applied to an answer whether it is ready or still coming. */
export function mapAnswer(answer: Answer, change: (response: EngineResponse) => EngineResponse): Answer {
  if (answer instanceof Promise) return answer.then(change);
  return change(answer);
}
