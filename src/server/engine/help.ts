import { renderHelp } from '../../operations/help.js';
import type { Operation } from '../../operations/table.js';

const texts = new Map<Operation, string>();

/** The plain-text help of an operation, rendered once. */
export function helpOf(operation: Operation): string {
  let text = texts.get(operation);
  if (text === undefined) {
    text = renderHelp(operation);
    texts.set(operation, text);
  }
  return text;
}
