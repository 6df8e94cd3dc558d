import { MAX_PRINTED_DEPTH } from '../../core/index.js';

/** What the service sent cannot be printed (it nests too deep): one sentence, exit 1, never a stack overflow. */
export class UnprintableError extends Error {
  override name = 'UnprintableError';

  constructor(what = "the service's answer") {
    super(`${what} nests deeper than ${MAX_PRINTED_DEPTH} levels; it cannot be printed`);
  }
}
