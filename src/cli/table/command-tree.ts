import { nearestName } from '../../core/index.js';
import { type Operation, operations } from '../../operations/table.js';

/** `setStatus` -> `set-status`: the words of the command line. */
export const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The words that name an operation's command: `clientes.puntos.add` -> `clientes puntos add`. */
export const commandWords = (operation: Operation): string[] => operation.id.split('.').map(kebab);

/** The command line of an operation, as help and messages write it. */
export const commandOf = (operation: Operation): string => `loyalty ${commandWords(operation).join(' ')}`;

export type Resolved =
  | { kind: 'operation'; operation: Operation; rest: string[] }
  /** Words that name a group of commands (`clientes`, `clientes puntos`), and what follows them. */
  | { kind: 'group'; words: string[]; rest: string[] }
  | { kind: 'unknown'; words: string[]; word: string; suggestion: string | undefined };

const startsWith = (words: readonly string[], prefix: readonly string[]) =>
  prefix.every((word, index) => words[index] === word);

/** The operations whose command starts with `words`. */
export function operationsUnder(words: readonly string[]): Operation[] {
  return operations.filter((operation) => startsWith(commandWords(operation), words));
}

/** The next words after `words` in the command tree: `clientes` -> `create, retrieve, ..., puntos`. */
export function nextWords(words: readonly string[]): string[] {
  const next = operationsUnder(words).map((operation) => commandWords(operation)[words.length] as string);
  return [...new Set(next)];
}

/**
 * Reads the command's words from the front of `argv` (stopping at the first flag or at a word
 * that is no command): the operation they name, a group of commands, or the first unknown word
 * with the nearest known one.
 */
export function resolveCommand(argv: readonly string[]): Resolved {
  const words: string[] = [];
  let index = 0;
  for (; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word.startsWith('-')) break;
    const exact = operations.find(
      (operation) => commandWords(operation).join(' ') === [...words, word].join(' '),
    );
    if (exact) return { kind: 'operation', operation: exact, rest: argv.slice(index + 1) };
    const next = nextWords(words);
    if (!next.includes(word)) return { kind: 'unknown', words, word, suggestion: nearestName(word, next) };
    words.push(word);
  }
  return { kind: 'group', words, rest: argv.slice(index) };
}
