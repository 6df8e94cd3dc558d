/**
 * The shortest run of a secret's characters that counts as the secret: a parser that splits the
 * key (a NUL, a line break) must not leave a readable half of it behind.
 */
export const SECRET_FRAGMENT = 8;

/** The last four characters at most, and only of a secret long enough to keep the rest hidden. */
export function maskSecret(secret: string): string {
  return secret.length >= 16 ? `****${secret.slice(-4)}` : '****';
}

/** Where in `text` runs of at least SECRET_FRAGMENT characters of `secret` stand, merged, in order. */
function fragmentRanges(text: string, secret: string): [number, number][] {
  const found: [number, number][] = [];
  for (let start = 0; start + SECRET_FRAGMENT <= secret.length; start++) {
    const piece = secret.slice(start, start + SECRET_FRAGMENT);
    for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) {
      found.push([at, at + SECRET_FRAGMENT]);
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/**
 * `text` with the secret masked wherever it stands: the whole secret as `maskSecret` shows it, and
 * any run of SECRET_FRAGMENT or more of its characters (a piece a parser split off) as `****`.
 * A secret shorter than that is masked where it stands whole.
 */
export function maskSecretIn(text: string, secret: string): string {
  if (secret === '' || text === '') return text;
  const whole = maskSecret(secret);
  if (secret.length <= SECRET_FRAGMENT) return text.includes(secret) ? text.split(secret).join(whole) : text;
  const ranges = fragmentRanges(text, secret);
  if (ranges.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += text.slice(from, start) + (text.slice(start, end) === secret ? whole : '****');
    from = end;
  }
  return out + text.slice(from);
}
