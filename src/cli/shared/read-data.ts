import {
  CONFIG_FILE_BYTES,
  type FileLimit,
  fileProblem,
  largerThan,
  parseFlagJson,
  readFlagFile,
} from './capped-file.js';

const DATA: FileLimit = {
  flag: '--data',
  maxBytes: CONFIG_FILE_BYTES,
  holds: '--data holds one request body, a few levels deep',
};

/** stdin as text, read no further than DATA's limit. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total > DATA.maxBytes) throw fileProblem(DATA, '-', `stdin is ${largerThan(DATA)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `--data`: JSON itself, `@file.json`, or `-` for stdin; an object, else a usage error. */
export async function readData(value: string | undefined): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  // JSON given on the command line is not repeated in a message: only a file's name or `-` is.
  let text = value;
  let shown: string | undefined;
  if (value === '-') {
    text = await readStdin();
    shown = value;
  } else if (value.startsWith('@')) {
    text = readFlagFile(value.slice(1), DATA, value);
    shown = value;
  }
  const parsed = parseFlagJson(text, DATA, shown);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw fileProblem(DATA, shown, 'must be a JSON object, e.g. {"puntos": 150}');
  return parsed as Record<string, unknown>;
}
