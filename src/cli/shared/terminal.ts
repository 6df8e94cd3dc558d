import { createInterface } from 'node:readline/promises';
import { UsageError } from './usage-error.js';

/** Whether the command may ask its user: a terminal on both ends. */
export const canAsk = (): boolean => process.stdin.isTTY === true && process.stderr.isTTY === true;

/** Asks on stderr and reads one line without echoing it (the API key). Ctrl+C cancels. */
export function askHidden(question: string): Promise<string> {
  const { stdin } = process;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let value = '';
  return new Promise((resolve, reject) => {
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          return resolve(value);
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          return reject(new UsageError('cancelled: no API key given'));
        }
        value = char === '\u007f' || char === '\b' ? value.slice(0, -1) : value + char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Asks a yes/no question on stderr; only `y` or `yes` is yes. */
export async function confirm(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await lines.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    lines.close();
  }
}
