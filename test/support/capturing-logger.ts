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

/** A logger that keeps the message of every line, at every level, in order; `onLine` sees each as it is written. */
export function recordingLogger(onLine: (line: string) => void = () => {}): {
  logger: Logger;
  lines: string[];
} {
  const lines: string[] = [];
  const write = (line: string) => {
    lines.push(line);
    onLine(line);
  };
  return { logger: { error: write, warn: write, info: write, debug: write }, lines };
}
