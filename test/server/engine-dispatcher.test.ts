import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineDispatcher } from '../../src/server/adapters/engine-dispatcher.js';
import type { EngineResponse } from '../../src/server/answers/response.js';

const DELAYED: EngineResponse = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"codigoRespuesta":0}',
  fault: { action: 'delay', delayMs: 60_000 },
};

interface Seen {
  errors: Error[];
  answered: boolean;
}

/** A handler of either undici API, and the way it aborts its request. */
interface Caller {
  handler: Dispatcher.DispatchHandler;
  abort(reason: Error): void;
}

const CALLERS: [string, (seen: Seen) => Caller][] = [
  [
    'the current handler API (onRequestStart, a controller)',
    (seen) => {
      let controller: Dispatcher.DispatchController | undefined;
      return {
        handler: {
          onRequestStart: (given) => {
            controller = given;
          },
          onResponseStart: () => {
            seen.answered = true;
          },
          onResponseError: (_controller, error) => seen.errors.push(error),
        },
        abort: (reason) => controller?.abort(reason),
      };
    },
  ],
  [
    'the legacy handler API (onConnect, an abort function)',
    (seen) => {
      let abort: ((reason?: Error) => void) | undefined;
      return {
        handler: {
          onConnect: (given) => {
            abort = given;
          },
          onHeaders: () => {
            seen.answered = true;
            return true;
          },
          onError: (error) => seen.errors.push(error),
        },
        abort: (reason) => abort?.(reason),
      };
    },
  ],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-process dispatcher', () => {
  it.each(CALLERS)(
    'aborted through %s, reports the reason once and drops the delayed answer',
    async (_api, make) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const seen: Seen = { errors: [], answered: false };
      const caller = make(seen);
      new EngineDispatcher(async () => DELAYED).dispatch(
        { method: 'GET', path: '/ext/v3/tareas' },
        caller.handler,
      );
      await new Promise((settled) => setImmediate(settled));
      expect(vi.getTimerCount(), 'the delay fault waiting').toBe(1);

      const reason = new Error('deadline passed');
      caller.abort(reason);
      caller.abort(new Error('aborted again'));

      expect(seen.errors).toEqual([reason]);
      expect(vi.getTimerCount(), 'no timer left behind').toBe(0);
      vi.runAllTimers();
      expect(seen.answered).toBe(false);
    },
  );
});
