import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--data`: JSON itself, `@file.json`, or `-` for stdin; an object, else a usage error. */
export async function readData(value: string | undefined): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  let text = value;
  let from = '--data';
  if (value === '-') {
    text = await readStdin();
    from = '--data - (stdin)';
  } else if (value.startsWith('@')) {
    from = `--data ${value}`;
    try {
      text = await readFile(value.slice(1), 'utf8');
    } catch (error) {
      throw new UsageError(
        `${from}: cannot read the file: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${from} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`${from} must be a JSON object, e.g. {"puntos": 150}`);
  }
  return parsed as Record<string, unknown>;
}
