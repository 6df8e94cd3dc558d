import { loadRecorder } from '#open-telemetry';
import { channelMessage, type RequestMessage, recordOutcome, traceOnChannel } from './diagnostics.js';
import type {
  AttemptObservation,
  CallObservation,
  CallObserver,
  CallOutcome,
  ObservedCall,
} from './observer.js';
import type { OpenTelemetryCall, OpenTelemetryRecorder } from './open-telemetry.js';

/** What a client asks of telemetry (its `telemetry` and `propagateTraceContext` options). */
export interface TelemetrySettings {
  /** Spans, metrics and channel events; false: none of them, at no cost. */
  enabled: boolean;
  /** Send `traceparent` (and whatever else the registered propagator injects) when a trace is active. */
  propagateTraceContext: boolean;
}

const UNOBSERVED_ATTEMPT: AttemptObservation = {
  run: (send) => send(),
  end: () => {},
};

/** A call seen by OpenTelemetry, by the diagnostics channel, or by both. */
class Observation implements CallObservation {
  readonly headers: Record<string, string> | undefined;
  readonly #span: OpenTelemetryCall | undefined;
  readonly #message: RequestMessage | undefined;

  constructor(span: OpenTelemetryCall | undefined, message: RequestMessage | undefined) {
    this.#span = span;
    this.#message = message;
    this.headers = span?.headers;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    const span = this.#span;
    const inSpan = span ? () => span.run(call) : call;
    return this.#message ? traceOnChannel(this.#message, inSpan) : inSpan();
  }

  attempt(attemptNumber: number): AttemptObservation {
    return this.#span?.attempt(attemptNumber) ?? UNOBSERVED_ATTEMPT;
  }

  retrying(attemptNumber: number, delayMs: number, error: Error): void {
    this.#span?.retrying(attemptNumber, delayMs, error);
  }

  limiterWaited(kind: string, waitedMs: number): void {
    this.#span?.limiterWaited(kind, waitedMs);
  }

  end(outcome: CallOutcome): void {
    this.#span?.end(outcome);
    if (this.#message) recordOutcome(this.#message, outcome);
  }
}

/** Where `@opentelemetry/api` 1.x keeps whatever was registered with it (an SDK, a propagator, a context manager). */
const API_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether anything registered with the OpenTelemetry API in this process: until then there is nothing to record to. */
function openTelemetryRegistered(): boolean {
  return (globalThis as Record<symbol, unknown>)[API_GLOBAL] !== undefined;
}

/**
 * The observer of a client's calls, or undefined when its telemetry is off. `@opentelemetry/api`
 * is loaded by the first call made once something registered with it (an SDK started before the
 * program's calls, as its docs ask), so a program that installs the API and does not use it never
 * loads it.
 */
export function createCallObserver(settings: TelemetrySettings): CallObserver | undefined {
  if (!settings.enabled) return undefined;
  let recorder: OpenTelemetryRecorder | undefined | null = null;
  const recorderNow = (): OpenTelemetryRecorder | undefined => {
    if (recorder !== null) return recorder;
    if (!openTelemetryRegistered()) return undefined;
    recorder = loadRecorder(settings.propagateTraceContext);
    return recorder;
  };
  return {
    start(call: ObservedCall) {
      const span = recorderNow()?.start(call);
      const message = channelMessage(call);
      return span || message ? new Observation(span, message) : undefined;
    },
  };
}
