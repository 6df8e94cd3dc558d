/**
 * Strings a service sent (or that quote it), made inert in Markdown as GitHub renders it (GFM,
 * autolinks and HTML on): each stays on its line, opens nothing it does not close, and is cut to a
 * length, so no answer can write a heading, a link, an image, HTML or a table row into a report.
 */

/** The most characters a report shows of one value (a location, a type, an id); the rest is cut, with `…`. */
export const MAX_SHOWN_CHARS = 200;

/** The most characters of one sentence of verify's that may quote the service (a reason, a note). */
export const MAX_SAID_CHARS = 500;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Characters that end a line (CR, LF, NEL, U+2028/2029), the other controls, and the marks that
 * reorder what follows them: each shown as an escape, `\n` or `\u2028`.
 */
const UNSEEN = /[\p{Cc}\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function oneLine(text: string): string {
  return text.replace(
    UNSEEN,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** At most `max` characters (a surrogate pair kept whole or left out), `…` where it was cut. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, cut)}…`;
}

const longestBackticks = (text: string): number =>
  (text.match(/`+/g) ?? []).reduce((longest, run) => Math.max(longest, run.length), 0);

export interface ShownOptions {
  /** Default MAX_SHOWN_CHARS; Infinity for verify's own text that a cut would break (a command). */
  max?: number;
  /** In a GFM table cell, where `|` ends the cell even inside a code span unless escaped. */
  inCell?: boolean;
}

/**
 * `text` as a code span it cannot leave: fenced with one backtick more than its longest run, padded
 * with a space where it starts or ends with a backtick or a space (CommonMark strips one space of
 * each end); on one line. Inside code nothing is a link or HTML.
 */
export function markdownCode(
  text: string,
  { max = MAX_SHOWN_CHARS, inCell = false }: ShownOptions = {},
): string {
  const content = oneLine(capped(text, max));
  if (content === '') return '(empty)';
  const fence = '`'.repeat(longestBackticks(content) + 1);
  const padded = /^ *$/.test(content) || !/^[` ]|[` ]$/.test(content) ? content : ` ${content} `;
  const span = `${fence}${padded}${fence}`;
  return inCell ? span.replaceAll('|', '\\|') : span;
}

/**
 * Punctuation that opens, closes or links something in GFM wherever it stands: backslash-escaped
 * (CommonMark renders an escaped ASCII punctuation character as itself). `.`, `:` and `/` only
 * where they could make a domain, a scheme or `//host` (`evil.example`, `https:`, `//`), so that
 * the prose of a reason stays readable in a terminal.
 */
const MARKUP = /[\\`*_[\]()<>&#!~|$@]|[.:](?=\S)|\/(?=\/)/g;

/** What would make a list item or a heading's underline at a line's start: `-`, `+`, `=`, `1.`. */
const LEADING = /^(?:[-+=]|\d+\.)/;

/** `text` as plain Markdown text that renders as itself: no markup, no autolink, no HTML; on one line. */
export function markdownText(text: string, { max = MAX_SAID_CHARS }: Pick<ShownOptions, 'max'> = {}): string {
  const escaped = capped(text, max).replace(MARKUP, '\\$&');
  return oneLine(escaped.replace(LEADING, (start) => start.replace(/.$/, '\\$&')));
}
