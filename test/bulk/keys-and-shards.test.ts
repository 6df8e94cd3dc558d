/**
 * The Idempotency-Key of an item comes from the job id and the item key alone, so every machine
 * and every re-run sends the same one; `shard` splits the items by the same digest, so workers
 * share a job with no coordinator.
 */
import { createHash } from 'node:crypto';
import { BULK_KEY_PREFIX, deriveIdempotencyKey } from 'loyalty-sdk/bulk';
import { idempotencyKey as keyRule } from 'loyalty-sdk/operations';
import { describe, expect, it } from 'vitest';
import { sha256HexNode, sha256HexWeb } from '../../src/limits/sha256.js';
import { openLedger } from './accrual-job.js';

const PRINTABLE = /^[\x21-\x7e]{8,128}$/;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the derived Idempotency-Key', () => {
  it('is bulk-v1- and the hex SHA-256 of jobId, NUL, itemKey (the same as `printf "%s\\0%s" | sha256sum`)', async () => {
    expect(BULK_KEY_PREFIX).toBe('bulk-v1-');
    expect(await deriveIdempotencyKey('accrual-2026-11-22', 'order-1')).toBe(
      'bulk-v1-544c5b9f68ae0d3985af737ae4cfc2c719a96eef2fedcfdebcdf0543bd6f776a',
    );
  });

  it.each([
    ['a date and an order id', 'accrual-2026-11-22', 'order-1'],
    ['one character each', 'j', 'k'],
    ['characters beyond ASCII', 'accrual', 'ñandú-€-😀'],
    ['5,000 characters each', 'a'.repeat(5_000), 'b'.repeat(5_000)],
    ['spaces and a newline', 'job with spaces', 'item with\nnewline'],
    ['a lone surrogate (encoded as U+FFFD)', 'job', 'half \ud83d of an emoji'],
  ])(
    'for %s: the digest of those bytes, the same on every call, 8..128 printable, valid for the spec',
    async (_case, jobId, itemKey) => {
      const first = await deriveIdempotencyKey(jobId, itemKey);
      const second = await deriveIdempotencyKey(jobId, itemKey);
      expect(first).toBe(`bulk-v1-${sha256(`${jobId}\0${itemKey}`)}`);
      expect(second).toBe(first);
      expect(first).toMatch(PRINTABLE);
      expect(first).toHaveLength(72);
      expect(keyRule.safeParse(first).success).toBe(true);
    },
  );

  it('takes an item key that is a number as its text, as the itemKey option does', async () => {
    expect(await deriveIdempotencyKey('accrual-2026-11-22', 1042)).toBe(
      await deriveIdempotencyKey('accrual-2026-11-22', '1042'),
    );
  });

  it('refuses an empty item key, as the itemKey option does', async () => {
    await expect(deriveIdempotencyKey('accrual-2026-11-22', '')).rejects.toThrow(
      'itemKey must return a non-empty string or a finite number, got an empty string',
    );
  });

  it.each([
    ['ASCII', 'accrual-2026-11-22\0order-1'],
    ['beyond ASCII', 'accrual\0ñandú-€-😀'],
    ['a lone surrogate', 'job\0half \ud83d of an emoji'],
    ['nothing', ''],
  ])('is the same through Web Crypto (off Node) and node:crypto, for %s', async (_case, text) => {
    expect(await sha256HexWeb(text)).toBe(sha256HexNode(text));
  });

  it.each([
    ['another jobId', ['job-a', 'item-1'], ['job-b', 'item-1']],
    ['another itemKey', ['job-a', 'item-1'], ['job-a', 'item-2']],
    ['the same characters parted elsewhere', ['job-a', 'item-1'], ['job-ai', 'tem-1']],
    ['case', ['job-a', 'item-1'], ['job-a', 'ITEM-1']],
  ])('differs for %s', async (_case, [jobA, itemA], [jobB, itemB]) => {
    expect(await deriveIdempotencyKey(jobA as string, itemA as string)).not.toBe(
      await deriveIdempotencyKey(jobB as string, itemB as string),
    );
  });

  it('is what client.bulk sends: the key of each call is its item’s, and a number key counts as its text', async () => {
    const { client } = await openLedger(0);
    const sent = new Map<string, string>();
    await client.bulk(
      ['a', 'b', 7],
      async (item, call) => {
        sent.set(String(item), call.idempotencyKey);
      },
      { jobId: 'keys', itemKey: (item) => item },
    );
    expect(Object.fromEntries(sent)).toEqual({
      a: await deriveIdempotencyKey('keys', 'a'),
      b: await deriveIdempotencyKey('keys', 'b'),
      7: await deriveIdempotencyKey('keys', '7'),
    });
  });
});

describe('shard', () => {
  const items = Array.from({ length: 2_000 }, (_, index) => `order-${index}`);

  /** The items each of `count` workers runs (in order), each worker a job of its own. */
  async function split(count: number): Promise<string[][]> {
    const { client } = await openLedger(0);
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const ran: string[] = [];
        const summary = await client.bulk(items, async (item) => void ran.push(item), {
          jobId: 'sharded',
          itemKey: (item) => item,
          shard: { index, count },
        });
        expect(summary.total).toBe(ran.length);
        return ran.sort();
      }),
    );
  }

  it.each([2, 3, 4, 7])(
    'with %i workers, every item runs on exactly one, and each gets a fair share',
    async (count) => {
      const shares = await split(count);
      expect(shares.flat().sort()).toEqual([...items].sort());
      for (const share of shares) expect(share.length).toBeGreaterThan((items.length / count) * 0.8);
    },
  );

  it('is the first four bytes of the item’s digest modulo count: the same split on every run', async () => {
    const shareOf = (item: string) => Number.parseInt(sha256(`sharded\0${item}`).slice(0, 8), 16) % 4;
    const shares = await split(4);
    shares.forEach((share, index) => {
      expect(share.every((item) => shareOf(item) === index)).toBe(true);
    });
    expect(await split(4)).toEqual(shares);
  });

  it('counts only its own items: no total in progress, and the summary’s total is this worker’s share', async () => {
    const { client } = await openLedger(0);
    let total: number | undefined = -1;
    const summary = await client.bulk(items, async () => {}, {
      jobId: 'sharded',
      itemKey: (item) => item,
      shard: { index: 1, count: 4 },
      onProgress: (progress) => {
        total = progress.total;
      },
    });
    expect(total).toBeUndefined();
    expect(summary.total).toBeLessThan(items.length);
    expect(summary.succeeded).toBe(summary.total);
  });
});
