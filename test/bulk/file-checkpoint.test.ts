/**
 * `createFileCheckpoint` (loyalty-sdk/bulk): an append-only file of JSON lines, its header first,
 * then one per item that succeeded; a torn last line after a crash is ignored; records reach the
 * disk with an fsync every `fsyncEvery` records, every `fsyncIntervalMs`, and on close. A file
 * that does not start with the header is never written.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { LoyaltyError } from 'loyalty-sdk';
import { type CheckpointEntry, createFileCheckpoint, deriveIdempotencyKey } from 'loyalty-sdk/bulk';
import { describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../support/async.js';
import { openLedger, scratchDirectory } from './accrual-job.js';

const file = scratchDirectory();
const HEADER = '{"loyaltySdkCheckpoint":1}';
const lines = (path: string) => readFileSync(path, 'utf8').split('\n');
/** The records after the header (which must be the first line). */
const records = (path: string) => {
  const [header, ...rest] = lines(path);
  expect(header).toBe(HEADER);
  return rest.filter((line) => line !== '').map((line) => JSON.parse(line));
};
const sha256OfText = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** In the order of the file's fields. */
async function entry(jobId: string, itemKey: string): Promise<CheckpointEntry> {
  return { idempotencyKey: await deriveIdempotencyKey(jobId, itemKey), itemKey };
}

/** A job over `items` whose run fails for the items in `failing`; resolves to the summary and the items sent (also pushed to `sent`). */
async function job(
  jobId: string,
  path: string,
  items: string[],
  failing: string[] = [],
  sent: string[] = [],
) {
  const { client } = await openLedger(0);
  const summary = await client.bulk(
    items,
    async (item) => {
      sent.push(item);
      if (failing.includes(item)) throw new Error(`${item} refused`);
    },
    { jobId, itemKey: (item) => item, concurrency: 1, checkpoint: createFileCheckpoint(path) },
  );
  return { summary, sent };
}

/** A job over two items that the checkpoint at `path` refuses: what it rejected with, and the items it sent. */
async function refusedJob(path: string) {
  const sent: string[] = [];
  const error = await rejectionOf(job('refused', path, ['a', 'b'], [], sent));
  return { error, sent };
}

describe('the file', () => {
  it('holds its header, then one JSON line per item that succeeded: its Idempotency-Key and its itemKey; a failed item is not recorded', async () => {
    const path = file('records.ckpt');
    await job('records', path, ['a', 'b', 'c'], ['b']);
    expect(records(path)).toEqual([
      { idempotencyKey: await deriveIdempotencyKey('records', 'a'), itemKey: 'a' },
      { idempotencyKey: await deriveIdempotencyKey('records', 'c'), itemKey: 'c' },
    ]);
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
  });

  it('run again: skips what succeeded and sends the failed item again, with its same key', async () => {
    const path = file('retry-failed.ckpt');
    await job('retry-failed', path, ['a', 'b', 'c'], ['b']);
    const again = await job('retry-failed', path, ['a', 'b', 'c']);
    expect(again.sent).toEqual(['b']);
    expect(again.summary).toMatchObject({ succeeded: 1, skipped: 2, failed: 0 });
    expect(records(path).map((record) => record.itemKey)).toEqual(['a', 'c', 'b']);
  });

  it('a torn last line (a crash while writing it) is ignored and cut off; its item is sent again', async () => {
    const path = file('torn.ckpt');
    const a = JSON.stringify(await entry('torn', 'a'));
    const b = JSON.stringify(await entry('torn', 'b'));
    writeFileSync(path, `${HEADER}\n${a}\n${b.slice(0, 30)}`);

    const { summary, sent } = await job('torn', path, ['a', 'b', 'c']);

    expect(summary).toMatchObject({ skipped: 1, succeeded: 2 });
    expect(sent).toEqual(['b', 'c']);
    expect(lines(path)).toEqual([HEADER, a, b, JSON.stringify(await entry('torn', 'c')), '']);
  });

  it('a damaged line that is not the last: the job rejects with an Error naming the line, and sends nothing', async () => {
    const path = file('damaged.ckpt');
    writeFileSync(path, `${HEADER}\n${JSON.stringify(await entry('damaged', 'a'))}\nnot json\n`);
    const { client } = await openLedger(0);
    let sent = 0;
    const error = await rejectionOf(
      client.bulk(
        ['a', 'b'],
        async () => {
          sent += 1;
        },
        {
          jobId: 'damaged',
          itemKey: (item) => item,
          checkpoint: createFileCheckpoint(path),
        },
      ),
    );
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as Error).message).toMatch(/damaged\.ckpt, line 3, is not a checkpoint record/);
    expect(sent).toBe(0);
  });

  it('records of another job (another jobId, the same file) never count: every item is sent', async () => {
    const path = file('shared.ckpt');
    await job('monday', path, ['a', 'b']);
    const tuesday = await job('tuesday', path, ['a', 'b']);
    expect(tuesday.summary).toMatchObject({ succeeded: 2, skipped: 0 });
  });

  it('is created when the job starts, in a directory that exists', async () => {
    const path = file('missing/dir/x.ckpt');
    const error = await rejectionOf(job('no-dir', path, ['a']));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as Error).message).toBe(
      `${path}: its folder does not exist; create it or choose another path`,
    );
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });
});

describe('a file that is not a checkpoint is never written', () => {
  const NOT_A_CHECKPOINT =
    'it is not a checkpoint (its first line is not {"loyaltySdkCheckpoint":1}), so nothing was written to it; ' +
    'give a new path, or, if an earlier loyalty-sdk wrote it (without the header), delete it to start over';

  it.each([
    ['a one-line file without a final newline (a VERSION)', '1.2.3', NOT_A_CHECKPOINT],
    ['a one-line file with its newline', 'v1.2.3\n', NOT_A_CHECKPOINT],
    [
      'JSON lines without the header (a checkpoint of an earlier version)',
      '{"idempotencyKey":"bulk-v1-0a","itemKey":"a"}\n{"idempotencyKey":"bulk-v1-0b","itemKey":"b"}\n',
      NOT_A_CHECKPOINT,
    ],
    ['the header one line down', `\n${HEADER}\n`, NOT_A_CHECKPOINT],
    ['a long line with no newline', 'x'.repeat(100_000), NOT_A_CHECKPOINT],
    [
      'a checkpoint of another format',
      '{"loyaltySdkCheckpoint":2}\n',
      'it is a checkpoint of format 2, which another version of loyalty-sdk wrote (this one reads format 1); run that version, or give a new path',
    ],
  ])(
    '%s: the job rejects with one line naming the file, sends nothing, and the bytes stay',
    async (_case, text, problem) => {
      const path = file(`not-a-checkpoint-${sha256OfText(text)}`);
      writeFileSync(path, text);
      const before = sha256(path);

      const { error, sent } = await refusedJob(path);

      expect(error).toBeInstanceOf(LoyaltyError);
      expect((error as Error).message).toBe(`${path}: ${problem}`);
      expect(sent).toEqual([]);
      expect(sha256(path)).toBe(before);
    },
  );

  it('a symbolic link, even to a one-line token file, is refused and its target keeps its bytes', async () => {
    const token = file('token');
    writeFileSync(token, 'tok_0123456789abcdef');
    const before = sha256(token);
    const link = file('token-link.ckpt');
    symlinkSync(token, link);

    const { error, sent } = await refusedJob(link);

    expect((error as Error).message).toBe(
      `${link}: it is a symbolic link, refused so that the file it points to is never written; give the path of a file of its own`,
    );
    expect(sent).toEqual([]);
    expect(sha256(token)).toBe(before);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a folder is refused in one line', async () => {
    const folder = file('a-folder.ckpt');
    mkdirSync(folder);
    const { error, sent } = await refusedJob(folder);
    expect((error as Error).message).toBe(`${folder}: it is a folder; give the path of a file`);
    expect(sent).toEqual([]);
  });

  it('a new path is created with the header, and the next run resumes from it', async () => {
    const path = file('new.ckpt');
    await job('new', path, ['a']);
    expect(lines(path)[0]).toBe(HEADER);
    const again = await job('new', path, ['a', 'b']);
    expect(again.sent).toEqual(['b']);
  });

  it('an empty file (as mktemp makes) is taken: nothing in it to destroy; it gets the header', async () => {
    const path = file('empty.ckpt');
    writeFileSync(path, '');
    const { summary } = await job('empty', path, ['a']);
    expect(summary).toMatchObject({ succeeded: 1 });
    expect(records(path).map((record) => record.itemKey)).toEqual(['a']);
  });
});

describe('when records reach the disk', () => {
  it('every fsyncEvery records, without waiting for close', async () => {
    const path = file('every.ckpt');
    const checkpoint = createFileCheckpoint(path, { fsyncEvery: 10, fsyncIntervalMs: 60_000 });
    await checkpoint.isDone(await entry('every', 'x'));
    for (let n = 0; n < 25; n += 1) await checkpoint.markDone(await entry('every', `item-${n}`));
    expect(records(path)).toHaveLength(20);
    await checkpoint.close();
    expect(records(path)).toHaveLength(25);
  });

  it('at most fsyncIntervalMs after a record arrived', async () => {
    const path = file('interval.ckpt');
    const checkpoint = createFileCheckpoint(path, { fsyncEvery: 1_000, fsyncIntervalMs: 20 });
    await checkpoint.isDone(await entry('interval', 'x'));
    for (const item of ['a', 'b', 'c']) await checkpoint.markDone(await entry('interval', item));
    expect(records(path)).toHaveLength(0);
    await vi.waitFor(() => expect(records(path)).toHaveLength(3), { timeout: 2_000, interval: 10 });
    await checkpoint.close();
  });

  it('refuses a record after close, and options that are not positive integers', async () => {
    const checkpoint = createFileCheckpoint(file('closed.ckpt'));
    await checkpoint.close();
    expect(() => checkpoint.markDone({ itemKey: 'a', idempotencyKey: 'bulk-v1-a' })).toThrow(/is closed/);
    expect(() => createFileCheckpoint(file('x.ckpt'), { fsyncEvery: 0 })).toThrow(
      'fsyncEvery must be a positive integer',
    );
    expect(() => createFileCheckpoint(file('x.ckpt'), { fsyncIntervalMs: 1.5 })).toThrow(
      'fsyncIntervalMs must be a positive integer',
    );
  });
});

describe('where files do not outlive a request', () => {
  it.each([
    ['Cloudflare Workers', { userAgent: 'Cloudflare-Workers' }],
    ['a web page', { userAgent: 'Mozilla/5.0' }],
  ])(
    'on %s, createFileCheckpoint refuses and says where to keep the records instead',
    (_place, navigator) => {
      vi.stubGlobal('navigator', navigator);
      if (navigator.userAgent !== 'Cloudflare-Workers') vi.stubGlobal('process', undefined);
      try {
        expect(() => createFileCheckpoint('job.ckpt')).toThrow(
          /createFileCheckpoint keeps its records in a file, and this runtime \((workerd|js)\) has no file system that outlives a request: keep the records in a Checkpoint of your own \(isDone, markDone, close\) over a store it reaches, such as Workers KV/,
        );
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );
});
