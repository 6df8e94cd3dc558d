/**
 * Ctrl+C during a bulk run, as people expect of a command that writes: the first lets the calls
 * in flight end and starts no new one, the second aborts the calls in flight, a third exits at once.
 */
/** 128 + SIGINT: the status shells give a command that Ctrl+C ended. */
export const INTERRUPTED = 130;

export interface BulkStop {
  /** Set by the first Ctrl+C: no row may start. */
  readonly requested: boolean;
  /** Aborted by the second Ctrl+C: the job's signal, which aborts the calls in flight. */
  readonly signal: AbortSignal;
  /** Stops listening for Ctrl+C. */
  release(): void;
}

export function listenForCtrlC(): BulkStop {
  const abort = new AbortController();
  let requested = false;
  const onSigint = () => {
    if (!requested) {
      requested = true;
      process.stderr.write(
        '\nbulk: Ctrl+C: no new row is sent; the calls in flight end (Ctrl+C again aborts them)\n',
      );
    } else if (!abort.signal.aborted) {
      process.stderr.write('\nbulk: Ctrl+C again: aborting the calls in flight\n');
      abort.abort(new Error('Ctrl+C'));
    } else process.exit(INTERRUPTED);
  };
  process.on('SIGINT', onSigint);
  return {
    get requested() {
      return requested;
    },
    signal: abort.signal,
    release: () => process.off('SIGINT', onSigint),
  };
}
