import { inspect } from 'node:util';
import type { Logger } from '../../src/index.js';

export interface Captured {
  level: string;
  args: unknown[];
}

/** A logger that keeps every line; `text()` renders them all as a human would see them. */
export function capturingLogger(): { logger: Logger; lines: Captured[]; text(): string } {
  const lines: Captured[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, args });
  return {
    lines,
    logger: { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') },
    text: () =>
      lines
        .map((line) => line.args.map((arg) => inspect(arg, { depth: Number.POSITIVE_INFINITY })).join(' '))
        .join('\n'),
  };
}
