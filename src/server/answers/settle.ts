import { type BaseMeta, failureOf } from './envelope.js';
import { type Answer, mapAnswer } from './response.js';

const same = <T>(value: T): T => value;

/** Runs `work`, turning whatever it throws or rejects with into its envelope: the answer never fails. */
export function settle(work: () => Answer, meta: BaseMeta): Answer {
  const recover = (error: unknown) => failureOf(error, meta);
  try {
    return mapAnswer(work(), same, recover);
  } catch (error) {
    return recover(error);
  }
}
