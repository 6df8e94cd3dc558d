/**
 * `readLines` (loyalty-sdk/bulk): the rows of a stream of bytes as a job's source. A row longer
 * than `maxRowBytes` is refused without being held, bytes that are not UTF-8 are refused naming
 * their line and byte (never read as U+FFFD), and the rows are the same however the bytes are cut
 * into chunks.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ROW_BYTES, readLines, type SourceLine } from '../../src/bulk/line-source.js';
import { firstInvalidUtf8Byte } from '../../src/bulk/utf8.js';
import { LoyaltyError } from '../../src/core/index.js';
import { checkProperty, runsFor } from '../support/property-runs.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** `input` as a stream cut into chunks of `size` bytes (its own, reusable buffer never shared). */
async function* chunked(input: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < input.length; at += size) yield input.slice(at, at + size);
}

async function rows(input: Uint8Array, options: Parameters<typeof readLines>[1] = {}, size = 64 * 1024) {
  const out: SourceLine[] = [];
  for await (const row of readLines(chunked(input, size), options)) out.push(row);
  return out;
}

const texts = (read: SourceLine[]) => read.map((row) => row.text ?? row.refused?.message);

describe('readLines: rows of a stream of bytes', () => {
  it.each([
    ['one row per line', 'a\nb\n', ['a', 'b']],
    ['the last line without its line break', 'a\nb', ['a', 'b']],
    ['a \\r before the line break left out', 'a\r\nb\r\n', ['a', 'b']],
    ['an empty line is an empty row', 'a\n\nb\n', ['a', '', 'b']],
    ['a UTF-8 byte order mark at the start left out', '\uFEFFa\nb\n', ['a', 'b']],
    ['UTF-8 read as it is', 'Bono José ✓ 😀\n', ['Bono José ✓ 😀']],
    ['no input, no row', '', []],
  ])('%s', async (_, input, expected) => {
    expect(texts(await rows(bytes(input)))).toEqual(expected);
  });

  it('with csvQuotes, a line break between double quotes belongs to the row, which starts on its first line', async () => {
    const read = await rows(bytes('id,motivo\n1,"two\nlines"\n2,"a ""quoted"" word"\n'), { csvQuotes: true });
    expect(read).toEqual([
      { line: 1, text: 'id,motivo' },
      { line: 2, text: '1,"two\nlines"' },
      { line: 4, text: '2,"a ""quoted"" word"' },
    ]);
  });

  it('without csvQuotes, a quote is a byte like any other', async () => {
    expect(texts(await rows(bytes('"a\nb"\n')))).toEqual(['"a', 'b"']);
  });

  it('a row longer than maxRowBytes is refused naming its line; the rows after it are read', async () => {
    const read = await rows(bytes(`short\n${'x'.repeat(11)}\nnext\n`), { maxRowBytes: 10 }, 4);
    expect(read).toEqual([
      { line: 1, text: 'short' },
      {
        line: 2,
        refused: {
          reason: 'too-long',
          message: 'line 2: the row is longer than maxRowBytes (10 bytes); shorten it, or raise maxRowBytes',
        },
      },
      { line: 3, text: 'next' },
    ]);
  });

  it('a row of exactly maxRowBytes is read, its \\r\\n not counted', async () => {
    expect(texts(await rows(bytes(`${'x'.repeat(10)}\r\n`), { maxRowBytes: 10 }))).toEqual(['x'.repeat(10)]);
  });

  it('a long row is never held whole: 64 MiB of one line read with a 1 MiB cap keeps the heap flat', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x78);
    async function* oneLongLine() {
      for (let sent = 0; sent < 64; sent++) yield chunk;
      yield bytes('\nafter\n');
    }
    let grown = 0;
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const read: SourceLine[] = [];
    for await (const row of readLines(oneLongLine())) {
      read.push(row);
      grown = Math.max(grown, process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before);
    }
    expect(read.map((row) => row.refused?.reason ?? row.text)).toEqual(['too-long', 'after']);
    expect(grown / 2 ** 20).toBeLessThan(16);
  });

  it.each([
    [
      'a Latin-1 é',
      Uint8Array.of(...bytes('id,nombre\n3,Bono Jos'), 0xe9, ...bytes('\n')),
      'line 2: byte 11 is not UTF-8 (0xE9)',
    ],
    ['a stray continuation byte', Uint8Array.of(0x61, 0x80), 'line 1: byte 2 is not UTF-8 (0x80)'],
    ['an encoded surrogate', Uint8Array.of(0xed, 0xa0, 0x80), 'line 1: byte 1 is not UTF-8 (0xED)'],
    ['a sequence cut short', Uint8Array.of(0x61, 0xe2, 0x82), 'line 1: byte 2 is not UTF-8 (0xE2)'],
  ])('%s is refused naming its line and byte, never read as U+FFFD', async (_, input, said) => {
    const read = await rows(input, { csvQuotes: true });
    const refused = read.filter((row) => row.refused);
    expect(refused.map((row) => row.refused?.message)).toEqual([`${said}; save the file as UTF-8`]);
    expect(read.some((row) => row.text?.includes('\uFFFD'))).toBe(false);
  });

  it('a byte that is not UTF-8 on a later line of a quoted CSV row names that line', async () => {
    const input = Uint8Array.of(...bytes('id,motivo\n1,"first\nsecond '), 0xff, ...bytes('"\n2,ok\n'));
    const read = await rows(input, { csvQuotes: true });
    expect(read).toEqual([
      { line: 1, text: 'id,motivo' },
      {
        line: 2,
        refused: {
          reason: 'not-utf8',
          message: 'line 3: byte 8 is not UTF-8 (0xFF); save the file as UTF-8',
        },
      },
      { line: 4, text: '2,ok' },
    ]);
  });

  it('the same rows however the bytes are cut into chunks', async () => {
    const line = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', ',', '"', 'é', '\r', ' ') }),
      fc.uint8Array({ maxLength: 12 }).map((raw) => new TextDecoder('latin1').decode(raw)),
    );
    await checkProperty(
      'readLines chunking',
      fc.asyncProperty(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (lines, size, csvQuotes) => {
          const input = Uint8Array.from(lines.join('\n'), (character) => character.charCodeAt(0) & 0xff);
          const options = { maxRowBytes: 12, csvQuotes };
          expect(await rows(input, options, size)).toEqual(await rows(input, options, input.length + 1));
        },
      ),
      runsFor(300),
    );
  });

  it(`maxRowBytes defaults to ${DEFAULT_MAX_ROW_BYTES} bytes (1 MiB)`, async () => {
    const read = await rows(
      bytes(`${'x'.repeat(DEFAULT_MAX_ROW_BYTES)}\n${'x'.repeat(DEFAULT_MAX_ROW_BYTES + 1)}\n`),
    );
    expect(read.map((row) => row.refused?.reason ?? row.text?.length)).toEqual([
      DEFAULT_MAX_ROW_BYTES,
      'too-long',
    ]);
  });

  it.each([
    [{ maxRowBytes: 0 }, 'maxRowBytes must be a whole number of bytes of at least 1, got 0'],
    [{ maxRowBytes: 1.5 }, 'maxRowBytes must be a whole number of bytes of at least 1, got 1.5'],
    [{ maxRowBytse: 10 }, 'Unknown readLines option "maxRowBytse"; did you mean "maxRowBytes"?'],
  ])('refuses the options %j', async (options, message) => {
    const read = rows(bytes('a\n'), options as Parameters<typeof readLines>[1]);
    await expect(read).rejects.toThrow(LoyaltyError);
    await expect(read).rejects.toThrow(message);
  });
});

describe('firstInvalidUtf8Byte', () => {
  it('finds a byte exactly where a fatal TextDecoder refuses the bytes, and -1 where it reads them', async () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const decodes = (input: Uint8Array) => {
      try {
        decoder.decode(input);
        return true;
      } catch {
        return false;
      }
    };
    await checkProperty(
      'firstInvalidUtf8Byte against TextDecoder',
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 16 }),
          fc.string({ unit: 'binary' }).map((text) => new TextEncoder().encode(text)),
        ),
        (input) => {
          const at = firstInvalidUtf8Byte(input);
          expect(at === -1).toBe(decodes(input));
          if (at !== -1) {
            expect(decodes(input.subarray(0, at))).toBe(true);
            expect(decodes(input.subarray(0, at + 4))).toBe(false);
          }
        },
      ),
      runsFor(2_000),
    );
  });
});
