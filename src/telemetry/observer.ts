/** What a call tells telemetry of itself; nothing here holds the key or a body. */
export interface ObservedCall {
  operationId: string;
  method: string;
  /** The operation's path template with the API prefix: `/ext/v3/clientes/{uid}`. */
  urlTemplate: string;
  serverAddress: string;
  serverPort: number;
}

/** How a call ended. */
export interface CallOutcome {
  /** The last answer's status; undefined when none came. */
  status: number | undefined;
  /** The service's `meta.requestId` of the last answer, when it had one. */
  requestId: string | undefined;
  /** Attempts sent (0: refused before sending). */
  attempts: number;
  /** The error the call ends with; undefined on success. */
  error: unknown;
}

export interface AttemptObservation {
  /** Runs the send inside the attempt's context (an HTTP instrumentation's span nests under it). */
  run<T>(send: () => Promise<T>): Promise<T>;
  end(status: number | undefined, error: unknown): void;
}

export interface CallObservation {
  /** Headers every attempt carries (`traceparent`); undefined when there are none. */
  readonly headers: Record<string, string> | undefined;
  /** Runs the whole call: inside the call's context, and traced on the diagnostics channel. */
  run<T>(call: () => Promise<T>): Promise<T>;
  attempt(attemptNumber: number): AttemptObservation;
  /** A failed attempt will be sent again after `delayMs`. */
  retrying(attemptNumber: number, delayMs: number, error: Error): void;
  /** The call waited `waitedMs` for a token of the limiter's `kind` bucket. */
  limiterWaited(kind: string, waitedMs: number): void;
  end(outcome: CallOutcome): void;
}

/** One per client: starts the observation of each call. */
export interface CallObserver {
  /** Undefined when nothing records this call: no tracer or meter registered, no channel subscriber. */
  start(call: ObservedCall): CallObservation | undefined;
}
