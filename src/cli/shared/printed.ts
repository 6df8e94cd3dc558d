import { maskSecretIn } from '../../core/index.js';

/** The secrets the command holds (the API key, once read): masked in everything it prints or writes. */
const secrets = new Set<string>();

/** From now on `secret` is masked wherever the command prints or writes text (docs/cli.md, "Output"). */
export function hideWhenPrinted(secret: string): void {
  if (secret !== '') secrets.add(secret);
}

/** A run starts holding no secret: runs in one process (the in-process tests) mask only their own. */
export function forgetSecrets(): void {
  secrets.clear();
}

/** `text` as the command may show it: a service that echoes the key must not get it printed. */
export function printable(text: string): string {
  let out = text;
  for (const secret of secrets) out = maskSecretIn(out, secret);
  return out;
}

const line = (text: string) => printable(text.endsWith('\n') ? text : `${text}\n`);

/** A line (or lines) on stdout, masked. */
export const printOut = (text: string): void => void process.stdout.write(line(text));

/** A line (or lines) on stderr, masked. */
export const printErr = (text: string): void => void process.stderr.write(line(text));
