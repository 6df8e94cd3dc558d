import type { OpenTelemetryRecorder } from './open-telemetry.js';

/**
 * `#open-telemetry` where bundlers target Workers or a browser: those runtimes cannot load
 * `@opentelemetry/api` synchronously, as the Node build does, so there is never a recorder, and
 * none of its code rides in such a bundle. The diagnostics channel still reports each call where
 * the runtime has one (Workers with nodejs_compat).
 */
export function loadRecorder(_propagateTraceContext: boolean): OpenTelemetryRecorder | undefined {
  return undefined;
}
