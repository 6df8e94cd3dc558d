// The spans and metrics of each call through @opentelemetry/api (an optional peer, loaded lazily)
// and the loyalty-sdk:request tracing channel of node:diagnostics_channel.
// May use only src/operations (and src/version.ts, at the bottom).
export { createCallObserver, type TelemetrySettings } from './call-observer.js';
export { REQUEST_CHANNEL, type RequestMessage } from './diagnostics.js';
export type { CallObservation, CallObserver, CallOutcome, ObservedCall } from './observer.js';
