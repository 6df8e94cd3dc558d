/** Characters a POSIX shell reads as part of a word, unquoted. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word as a POSIX shell (sh, bash, zsh) reads it back unchanged: bare when it can be, else in single quotes. */
export function shellQuote(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A command line to paste: each word quoted as needed. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
