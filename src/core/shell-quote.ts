/**
 * Characters a POSIX shell reads as part of a word, unquoted. Not a leading `=` (zsh expands
 * `=cmd` to the path of cmd), nor `==` (zsh's MAGIC_EQUAL_SUBST does the same after an `=`).
 */
const PLAIN_WORD = /^(?!=)(?!.*==)[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * One word as a POSIX shell (sh, bash, zsh) reads it back unchanged, and runs nothing of it: bare
 * when it can be, else in single quotes, each `'` as `\'` between them. No quoted piece is left
 * empty, so no `''` stands inside quotes (which zsh's RC_QUOTES would read as one `'`). A newline
 * or another control character stays as it is: POSIX sh has no other way to say it.
 */
export function shellQuote(word: string): string {
  if (word === '') return "''";
  if (PLAIN_WORD.test(word)) return word;
  return word
    .split("'")
    .map((piece) => (piece === '' ? '' : `'${piece}'`))
    .join("\\'");
}

/** A command line to paste: each word quoted as needed. Every command the package prints is made by it. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
