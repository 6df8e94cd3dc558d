/**
 * The byte ranges a UTF-8 sequence may continue with, by its first byte (The Unicode Standard,
 * table 3-7): the second byte's range, then how many more bytes of 0x80..0xBF follow.
 */
function sequenceOf(lead: number): { low: number; high: number; more: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { low: 0x80, high: 0xbf, more: 0 };
  if (lead === 0xe0) return { low: 0xa0, high: 0xbf, more: 1 };
  if (lead === 0xed) return { low: 0x80, high: 0x9f, more: 1 };
  if (lead >= 0xe1 && lead <= 0xef) return { low: 0x80, high: 0xbf, more: 1 };
  if (lead === 0xf0) return { low: 0x90, high: 0xbf, more: 2 };
  if (lead === 0xf4) return { low: 0x80, high: 0x8f, more: 2 };
  if (lead >= 0xf1 && lead <= 0xf3) return { low: 0x80, high: 0xbf, more: 2 };
  return undefined;
}

const isContinuation = (byte: number | undefined): boolean =>
  byte !== undefined && byte >= 0x80 && byte <= 0xbf;

/**
 * Where the first sequence that is not UTF-8 starts in `bytes` (0-based): a Latin-1 `é` (0xE9)
 * is found at its own place, not at the byte after it; -1 when every byte is UTF-8.
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const sequence = sequenceOf(lead);
    const second = bytes[at + 1];
    if (sequence === undefined || second === undefined || second < sequence.low || second > sequence.high)
      return at;
    for (let next = 2; next < 2 + sequence.more; next++) if (!isContinuation(bytes[at + next])) return at;
    at += 2 + sequence.more;
  }
  return -1;
}
