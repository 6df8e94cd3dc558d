/**
 * What a measured process wrote or sent, kept small whatever its size: the first bytes, the
 * count, and how much of the key went by (checked chunk by chunk, across chunk boundaries).
 */
import { HOSTILE_KEY, keyRunIn } from './key.js';

export interface Tapped {
  /** The first `keep` bytes as text. */
  head: string;
  bytes: number;
  /** The longest run of the key's characters anywhere in it (0: none of LEAK_RUN or more). */
  keyRun: number;
}

export class Tap {
  private readonly parts: string[] = [];
  private kept = 0;
  private carry = '';
  bytes = 0;
  keyRun = 0;

  constructor(
    private readonly keep = 1_000_000,
    private readonly key = HOSTILE_KEY,
  ) {}

  push(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (this.kept < this.keep) {
      const piece = text.slice(0, this.keep - this.kept);
      this.parts.push(piece);
      this.kept += piece.length;
    }
    const window = this.carry + text;
    this.keyRun = Math.max(this.keyRun, keyRunIn(window, this.key));
    this.carry = window.slice(-this.key.length);
  }

  result(): Tapped {
    return {
      head: Buffer.from(this.parts.join(''), 'latin1').toString('utf8'),
      bytes: this.bytes,
      keyRun: this.keyRun,
    };
  }
}
