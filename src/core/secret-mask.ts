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

/** Every run of SECRET_FRAGMENT or more characters of `spelling` in `text` as `****`. */
function maskFragments(text: string, spelling: string): string {
  if (spelling.length <= SECRET_FRAGMENT) return text;
  const ranges = fragmentRanges(text, spelling);
  if (ranges.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += `${text.slice(from, start)}****`;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * `text` with the secret masked wherever it stands, however it is spelled there: as it is,
 * percent-encoded (a path, a query) and escaped inside a JSON string. Each spelling found whole is
 * the secret as `maskSecret` shows it, and then any run of SECRET_FRAGMENT or more of a spelling's
 * characters (a piece a parser split off) is `****`: whole ones first, since one spelling's runs
 * would break another's whole into pieces. A secret that short is masked where it stands whole.
 */
export function maskSecretIn(text: string, secret: string): string {
  if (secret === '' || text === '') return text;
  const whole = maskSecret(secret);
  const spellings = spellingsOf(secret);
  let out = text;
  for (const spelling of spellings) if (out.includes(spelling)) out = out.split(spelling).join(whole);
  for (const spelling of spellings) out = maskFragments(out, spelling);
  return out;
}

/** The secret as it is, percent-encoded and JSON-escaped; one entry when all three agree (a plain key). */
function spellingsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const escaped = JSON.stringify(secret).slice(1, -1);
  if (encoded === secret && escaped === secret) return [secret];
  // The longer spellings first: a shorter one may stand inside a longer one's whole.
  return [...new Set([encoded, escaped, secret])].sort((a, b) => b.length - a.length);
}
