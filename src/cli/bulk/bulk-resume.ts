import { shellCommand } from '../../core/index.js';
import { launcher } from '../shared/launcher.js';
import type { BulkCommand } from './bulk-args.js';

const PASSWORD_STAND_IN = 'PASSWORD';

/** A --redis URL as the resume line may show it: its password replaced by a stand-in. */
function withoutPassword(url: string): { url: string; masked: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, masked: false };
  }
  if (parsed.password === '') return { url, masked: false };
  parsed.password = PASSWORD_STAND_IN;
  return { url: parsed.href, masked: true };
}

/** The words given, with the password of a --redis URL (`--redis URL` or `--redis=URL`) masked. */
function shownWords(argv: readonly string[]): { words: string[]; masked: boolean } {
  let masked = false;
  const mask = (url: string) => {
    const shown = withoutPassword(url);
    masked ||= shown.masked;
    return shown.url;
  };
  const words = argv.map((word, index) => {
    if (argv[index - 1] === '--redis') return mask(word);
    if (word.startsWith('--redis=')) return `--redis=${mask(word.slice('--redis='.length))}`;
    return word;
  });
  return { words, masked };
}

/**
 * `loyalty bulk` as this process was started (`npx loyalty bulk`, `./node_modules/.bin/loyalty
 * bulk`, ...): the start of every line that runs the job again, pasted in the same folder.
 */
export function bulkPrefix(launcherWords: readonly string[] = launcher()): string {
  return shellCommand([...launcherWords, 'bulk']);
}

/**
 * The command that resumes a stopped run: the one given, word for word (every flag that shaped
 * the run: key field, mapping, rate, failures file, service), quoted for a POSIX shell, started
 * as this process was; after the task variables `--shard auto` read, so that it is this shard's.
 */
export function resumeHint(command: BulkCommand, launcherWords: readonly string[] = launcher()): string {
  const { words, masked } = shownWords(command.argv);
  const variables = command.shard?.readFrom ?? [];
  const again = [...variables, bulkPrefix(launcherWords), shellCommand(words)].join(' ');
  const notes = [
    ...(command.file === '-' ? ['with the same rows on stdin'] : []),
    ...(masked ? [`put the Redis password back in place of ${PASSWORD_STAND_IN}`] : []),
  ];
  const noted = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  if (command.checkpoint || command.redis) return `resume with: ${again}${noted}`;
  return (
    `run again with: ${again}${noted} (same keys: rows already applied are answered, not applied ` +
    'twice, for as long as the service keeps keys; add --checkpoint FILE to skip them)'
  );
}

/**
 * The command that sends the failures file `file` with the same job: the job id, and what reads
 * its rows as the first run read them (key field, column mapping, `--yes` of a group action),
 * quoted for a POSIX shell, started as this process was.
 */
export function failuresHint(
  command: BulkCommand,
  file: string,
  launcherWords: readonly string[] = launcher(),
): string {
  const { keyField, renames } = command.mapping;
  const words = [
    command.operation.id,
    '--file',
    file,
    '--job-id',
    command.jobId,
    ...(keyField === undefined ? [] : ['--key-field', keyField]),
    ...[...renames].flatMap(([column, field]) => ['--map', `${column}=${field}`]),
    ...(command.operation.groupAction ? ['--yes'] : []),
  ];
  return `${bulkPrefix(launcherWords)} ${shellCommand(words)}`;
}
