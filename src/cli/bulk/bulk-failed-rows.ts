/** The most rows a message lists; the others are counted. */
export const SHOWN_ROWS = 20;

/**
 * Without --failures, where the reason a row failed is said: one line per row on stderr, the
 * first SHOWN_ROWS of them, then how many more and how to keep them all.
 */
export class FailedRowsList {
  readonly #lines: string[] = [];
  #more = 0;

  add(key: string, reason: string): void {
    if (this.#lines.length === SHOWN_ROWS) this.#more += 1;
    else this.#lines.push(`bulk: row ${key}: ${reason.replace(/\s*[\r\n]+\s*/g, ' ')}`);
  }

  print(): void {
    const more =
      this.#more > 0 ? [`bulk: ... and ${this.#more} more; use --failures FILE to keep them all`] : [];
    const lines = [...this.#lines, ...more];
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  }
}
