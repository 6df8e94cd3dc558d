import type * as Api from '@opentelemetry/api';
import { SDK_VERSION } from '../version.js';
import { callAttributes, errorType, outcomeAttributes } from './attributes.js';
import type { AttemptObservation, CallOutcome, ObservedCall } from './observer.js';

type OpenTelemetryApi = typeof Api;

interface ModuleBuiltin {
  createRequire(from: string): (id: string) => unknown;
}

/** Where this file is, in the ES and the CommonJS build alike: the API is resolved from here. */
function here(): string | undefined {
  return typeof __filename === 'string' ? __filename : import.meta.url;
}

let api: OpenTelemetryApi | undefined | null = null;

/**
 * `@opentelemetry/api`, or undefined when it is not installed (or the runtime cannot load a
 * package synchronously: Workers). Loaded once, synchronously, by the first call made after
 * something registered with the API, so that this call already has its span. A require rather than an import
 * keeps bundlers from failing where the optional peer is not installed; the API keeps its
 * registrations on the global object, so any copy of it sees the integrator's SDK.
 */
export function loadOpenTelemetry(): OpenTelemetryApi | undefined {
  if (api !== null) return api;
  api = undefined;
  const runtime = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const from = here();
    const modules = runtime.process?.getBuiltinModule?.('node:module') as ModuleBuiltin | undefined;
    if (from && modules) api = modules.createRequire(from)('@opentelemetry/api') as OpenTelemetryApi;
  } catch {
    // Not installed: no spans, no metrics.
  }
  return api;
}

/**
 * The recorder of calls, when `@opentelemetry/api` loads. `#open-telemetry` gives Workers and
 * browser bundles open-telemetry.web.ts instead: they cannot load the API this way.
 */
export function loadRecorder(propagateTraceContext: boolean): OpenTelemetryRecorder | undefined {
  const loaded = loadOpenTelemetry();
  return loaded ? new OpenTelemetryRecorder(loaded, propagateTraceContext) : undefined;
}

const INSTRUMENTATION = 'loyalty-sdk';

interface Instruments {
  provider: Api.MeterProvider;
  /** No meter provider is registered: the instruments are the API's no-ops, and nothing is measured. */
  noop: boolean;
  duration: Api.Histogram;
  retries: Api.Counter;
  rateLimited: Api.Counter;
  limiterWait: Api.Histogram;
}

/** Seconds, as the HTTP semantic conventions measure durations. */
const seconds = (ms: number) => ms / 1000;

/**
 * The spans and metrics of calls through the global OpenTelemetry API: whatever tracer, meter and
 * propagator the integrator registered (nothing is recorded when none is).
 */
export class OpenTelemetryRecorder {
  readonly #api: OpenTelemetryApi;
  readonly #tracer: Api.Tracer;
  readonly #propagate: boolean;
  /** The global tracer provider, a proxy whose delegate is the API's no-op until an SDK registers. */
  readonly #tracerProvider: { getDelegate?: () => Api.TracerProvider };
  readonly #noopTracerProvider: Api.TracerProvider;
  #instruments: Instruments | undefined;

  constructor(api: OpenTelemetryApi, propagate: boolean) {
    this.#api = api;
    this.#tracer = api.trace.getTracer(INSTRUMENTATION, SDK_VERSION);
    this.#propagate = propagate;
    this.#tracerProvider = api.trace.getTracerProvider() as { getDelegate?: () => Api.TracerProvider };
    this.#noopTracerProvider = new api.ProxyTracerProvider().getDelegate();
  }

  /**
   * Whether a call would be recorded at all: a tracer or a meter registered, or a trace context to
   * pass on. Checked before any span is made, so that with the API and no SDK a call costs no more.
   */
  #wanted(): boolean {
    const api = this.#api;
    if (this.#tracerProvider.getDelegate?.() !== this.#noopTracerProvider) return true;
    if (!this.instruments().noop) return true;
    if (!this.#propagate) return false;
    const active = api.trace.getSpanContext(api.context.active());
    return active !== undefined && api.trace.isSpanContextValid(active);
  }

  /** The instruments of the meter provider registered now (the metrics API has no late-binding proxy). */
  instruments(): Instruments {
    const provider = this.#api.metrics.getMeterProvider();
    if (this.#instruments?.provider === provider) return this.#instruments;
    const meter = provider.getMeter(INSTRUMENTATION, SDK_VERSION);
    const duration = meter.createHistogram('http.client.request.duration', {
      unit: 's',
      description: 'Duration of each HTTP request (attempt) of a loyalty-sdk call',
    });
    const instruments: Instruments = {
      provider,
      noop: duration === this.#api.createNoopMeter().createHistogram('noop'),
      duration,
      retries: meter.createCounter('loyalty.client.retries', {
        description: 'Attempts of loyalty-sdk calls that were sent again',
      }),
      rateLimited: meter.createCounter('loyalty.client.rate_limited', {
        description: 'Answers with status 429 to loyalty-sdk calls',
      }),
      limiterWait: meter.createHistogram('loyalty.client.limiter.wait.duration', {
        unit: 's',
        description: 'Time loyalty-sdk calls waited for a token of the client limiter',
      }),
    };
    this.#instruments = instruments;
    return instruments;
  }

  /**
   * The call's span, or undefined when nothing would record it: no tracer, no meter and no trace
   * context to pass on (the API installed, no SDK registered), so that the call costs no more.
   */
  start(call: ObservedCall): OpenTelemetryCall | undefined {
    if (!this.#wanted()) return undefined;
    const api = this.#api;
    const parent = api.context.active();
    const span = this.#tracer.startSpan(call.operationId, { kind: api.SpanKind.CLIENT }, parent);
    const context = api.trace.setSpan(parent, span);
    let headers: Record<string, string> | undefined;
    if (this.#propagate) {
      const carrier: Record<string, string> = {};
      api.propagation.inject(context, carrier);
      for (const _name in carrier) {
        headers = carrier;
        break;
      }
    }
    if (span.isRecording()) span.setAttributes(callAttributes(call));
    return new OpenTelemetryCall(this, api, this.#tracer, call, span, context, headers);
  }
}

/** One call's span, its attempts' child spans, its events and measurements. */
export class OpenTelemetryCall {
  readonly headers: Record<string, string> | undefined;
  readonly #recorder: OpenTelemetryRecorder;
  readonly #api: OpenTelemetryApi;
  readonly #tracer: Api.Tracer;
  readonly #call: ObservedCall;
  readonly #span: Api.Span;
  readonly #context: Api.Context;

  constructor(
    recorder: OpenTelemetryRecorder,
    api: OpenTelemetryApi,
    tracer: Api.Tracer,
    call: ObservedCall,
    span: Api.Span,
    context: Api.Context,
    headers: Record<string, string> | undefined,
  ) {
    this.#recorder = recorder;
    this.#api = api;
    this.#tracer = tracer;
    this.#call = call;
    this.#span = span;
    this.#context = context;
    this.headers = headers;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    return this.#api.context.with(this.#context, call);
  }

  attempt(attemptNumber: number): AttemptObservation {
    const api = this.#api;
    const attributes: Record<string, string | number> = { 'loyalty.attempt': attemptNumber };
    // The semantic conventions' resend count: present on the second attempt on.
    if (attemptNumber > 1) attributes['http.request.resend_count'] = attemptNumber - 1;
    const span = this.#tracer.startSpan(
      `${this.#call.operationId} attempt ${attemptNumber}`,
      { kind: api.SpanKind.INTERNAL, attributes },
      this.#context,
    );
    const context = api.trace.setSpan(this.#context, span);
    const started = performance.now();
    return {
      run: (send) => api.context.with(context, send),
      end: (status, error) => {
        const measured: Record<string, string | number> = {
          'loyalty.operation': this.#call.operationId,
          'http.request.method': this.#call.method,
          'server.address': this.#call.serverAddress,
          'server.port': this.#call.serverPort,
        };
        if (status !== undefined) {
          span.setAttribute('http.response.status_code', status);
          measured['http.response.status_code'] = status;
        }
        if (error !== undefined) {
          span.setAttribute('error.type', errorType(error));
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: errorType(error) });
          measured['error.type'] = errorType(error);
        }
        span.end();
        const instruments = this.#recorder.instruments();
        instruments.duration.record(seconds(performance.now() - started), measured);
        if (status === 429) instruments.rateLimited.add(1, { 'loyalty.operation': this.#call.operationId });
      },
    };
  }

  retrying(attemptNumber: number, delayMs: number, error: Error): void {
    const type = errorType(error);
    this.#span.addEvent('loyalty.retry', {
      'loyalty.attempt': attemptNumber,
      'loyalty.retry.delay_ms': delayMs,
      'error.type': type,
    });
    this.#recorder
      .instruments()
      .retries.add(1, { 'loyalty.operation': this.#call.operationId, 'error.type': type });
  }

  limiterWaited(kind: string, waitedMs: number): void {
    this.#span.addEvent('loyalty.limiter.wait', { 'loyalty.limit_kind': kind, 'loyalty.wait_ms': waitedMs });
    this.#recorder.instruments().limiterWait.record(seconds(waitedMs), {
      'loyalty.operation': this.#call.operationId,
      'loyalty.limit_kind': kind,
    });
  }

  end(outcome: CallOutcome): void {
    this.#span.setAttributes(outcomeAttributes(outcome));
    if (outcome.error !== undefined) {
      this.#span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: errorType(outcome.error) });
    }
    this.#span.end();
  }
}
