/**
 * The key the hostile runs send, and how much of it a text holds. Its characters need no escaping
 * in JSON, a URL or a header, so a leak reads the same wherever it lands.
 */
export const HOSTILE_KEY = 'hostile-key-6d2f9a1c4e8b7305af2c9e1d4b';

/** The shortest run of the key's characters that counts as a leak (docs/reliability.md, "Hostile services"). */
export const LEAK_RUN = 8;

/**
 * The longest run of consecutive characters of `key` that `text` holds, when it is LEAK_RUN or
 * more; 0 otherwise (a shorter run is any text's luck, not a leak).
 */
export function keyRunIn(text: string, key: string = HOSTILE_KEY): number {
  // A run of n characters holds runs of every shorter length: the first length missing ends the search.
  let longest = 0;
  for (let length = LEAK_RUN; length <= key.length; length++) {
    let found = false;
    for (let start = 0; start + length <= key.length && !found; start++) {
      found = text.includes(key.slice(start, start + length));
    }
    if (!found) break;
    longest = length;
  }
  return longest;
}

/** Whether `text` holds LEAK_RUN or more consecutive characters of the key. */
export const holdsKey = (text: string, key: string = HOSTILE_KEY): boolean => keyRunIn(text, key) > 0;
