/**
 * The files of the unit project share their worker's process (vitest.config.ts, `isolate: false`):
 * what one leaves there reaches the files run after it. This fails the file that leaves any of it
 * behind, so that a leak fails where it is made, whatever the order, not in the file that happens
 * to run next.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';

// Read where undici keeps it: an import of undici here would be paid again by every file.
const UNDICI_GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const OPEN_TELEMETRY = Symbol.for('opentelemetry.js.api.1');
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function processState() {
  const openTelemetry = (globalThis as Record<symbol, object | undefined>)[OPEN_TELEMETRY];
  return {
    env: { ...process.env },
    cwd: process.cwd(),
    fetch: globalThis.fetch,
    undiciGlobalDispatcher: (globalThis as Record<symbol, unknown>)[UNDICI_GLOBAL_DISPATCHER],
    openTelemetryGlobals: Object.keys(openTelemetry ?? {}).filter((name) => name !== 'version'),
    signalListeners: SIGNALS.map((signal) => `${signal} ${process.listenerCount(signal)}`),
  };
}

let before: ReturnType<typeof processState>;

beforeAll(() => {
  before = processState();
});

afterAll(() => {
  expect(vi.isFakeTimers(), 'fake timers left on').toBe(false);
  const after = processState();
  expect(after.env, 'process.env as the file found it').toEqual(before.env);
  expect(after.cwd, 'the working directory').toBe(before.cwd);
  expect(after.fetch === before.fetch, 'globalThis.fetch as the file found it').toBe(true);
  // undici makes its default dispatcher on first use: a file may be the one that made it.
  if (before.undiciGlobalDispatcher !== undefined) {
    expect(
      after.undiciGlobalDispatcher === before.undiciGlobalDispatcher,
      "undici's global dispatcher as the file found it",
    ).toBe(true);
  }
  expect(after.openTelemetryGlobals, 'OpenTelemetry providers registered globally').toEqual(
    before.openTelemetryGlobals,
  );
  expect(after.signalListeners, 'signal listeners').toEqual(before.signalListeners);
});
