import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from '../shared/usage-error.js';
import { unknownFlag } from './operation-flags.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's flags and positionals, strictly; what the parser refuses becomes the command's own
 * usage error (an unknown option with the one meant), never the parser's text about `--`.
 */
export function parseFlags<const O extends Options>(argv: readonly string[], options: O, command: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '(--?[^']+)'/.exec(message);
    if (unknown) unknownFlag(unknown[1] as string, Object.keys(options), command);
    throw new UsageError(`${message.split('\n')[0]} (see ${command} --help)`);
  }
}
