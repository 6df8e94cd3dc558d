import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { onAbort } from '../../src/limits/abort-listeners.js';

describe('onAbort: many waits on one signal', () => {
  it('the signal carries one listener however many calls wait on it', () => {
    const controller = new AbortController();
    for (let index = 0; index < 100; index++) onAbort(controller.signal, () => {});
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
  });

  it('an abort calls every waiting callback once', () => {
    const controller = new AbortController();
    const callbacks = [vi.fn(), vi.fn(), vi.fn()];
    for (const callback of callbacks) onAbort(controller.signal, callback);
    controller.abort();
    controller.abort();
    for (const callback of callbacks) expect(callback).toHaveBeenCalledTimes(1);
  });

  it('a callback that stopped waiting is not called', () => {
    const controller = new AbortController();
    const stopped = vi.fn();
    const waiting = vi.fn();
    onAbort(controller.signal, stopped)();
    onAbort(controller.signal, waiting);
    controller.abort();
    expect(stopped).not.toHaveBeenCalled();
    expect(waiting).toHaveBeenCalledTimes(1);
  });

  it('stopping twice does not free a slot another call took since', () => {
    const controller = new AbortController();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onAbort(controller.signal, first);
    stopFirst();
    onAbort(controller.signal, second);
    stopFirst();
    controller.abort();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('signals do not share their callbacks', () => {
    const aborted = new AbortController();
    const other = new AbortController();
    const onOther = vi.fn();
    onAbort(other.signal, onOther);
    onAbort(aborted.signal, () => {});
    aborted.abort();
    expect(onOther).not.toHaveBeenCalled();
  });
});
