/**
 * The options of `client.bulk` are checked before any item is read: a wrong one rejects with a
 * LoyaltyError that says what is expected, and nothing is sent.
 */
import { LoyaltyError } from 'loyalty-sdk';
import type { BulkOptions } from 'loyalty-sdk/bulk';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../support/async.js';
import { openLedger } from './accrual-job.js';

const valid: BulkOptions<number> = { jobId: 'options', itemKey: (n) => n };

describe('a wrong option rejects with a LoyaltyError, before any item is read', () => {
  it.each<[string, unknown, RegExp]>([
    ['no jobId', { itemKey: valid.itemKey }, /^bulk needs a jobId: a non-empty string/],
    ['an empty jobId', { ...valid, jobId: '' }, /^bulk needs a jobId/],
    ['a jobId with a NUL', { ...valid, jobId: 'a\0b' }, /^jobId must not hold a NUL character/],
    ['no itemKey', { jobId: 'j' }, /^bulk needs itemKey: a function/],
    ['no options', undefined, /^bulk needs options with jobId and itemKey/],
    [
      'a misspelt option',
      { ...valid, concurency: 4 },
      /^Unknown bulk option "concurency"; did you mean "concurrency"\?/,
    ],
    ['concurrency 0', { ...valid, concurrency: 0 }, /^concurrency must be an integer from 1 to 1024, got 0/],
    ['concurrency 2.5', { ...valid, concurrency: 2.5 }, /^concurrency must be an integer/],
    [
      'a shard count of 0',
      { ...valid, shard: { index: 0, count: 0 } },
      /^shard.count must be an integer of at least 1/,
    ],
    [
      'a shard index out of range',
      { ...valid, shard: { index: 4, count: 4 } },
      /^shard.index must be an integer from 0 to shard.count - 1 \(3\)/,
    ],
    [
      'a checkpoint without close',
      { ...valid, checkpoint: { isDone() {}, markDone() {} } },
      /^checkpoint must have isDone, markDone and close/,
    ],
    ['a signal that is none', { ...valid, signal: {} }, /^signal must be an AbortSignal/],
    ['an onItem that is no function', { ...valid, onItem: 'log' }, /^onItem must be a function/],
    [
      'a total below 0',
      { ...valid, total: -1 },
      /^total must be a whole number of items \(0 or more\), got -1/,
    ],
    ['a total that is no whole number', { ...valid, total: 2.5 }, /^total must be a whole number of items/],
  ])('%s', async (_case, options, message) => {
    const { client } = await openLedger(0);
    let read = 0;
    function* items() {
      read += 1;
      yield 1;
    }
    const error = await rejectionOf(client.bulk(items(), async () => {}, options as BulkOptions<number>));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as Error).message).toMatch(message);
    expect(read).toBe(0);
  });

  it('items that are not iterable, or no run function', async () => {
    const { client } = await openLedger(0);
    const notItems = await rejectionOf(client.bulk(42 as never, async () => {}, valid));
    const noRun = await rejectionOf(client.bulk([1], undefined as never, valid));
    expect(notItems).toBeInstanceOf(LoyaltyError);
    expect((notItems as Error).message).toMatch(/^bulk items must be an Iterable or an AsyncIterable/);
    expect((noRun as Error).message).toMatch(/^bulk needs a function \(item, call\)/);
  });

  it('shard { index: 0, count: 1 } is the whole job, with its total', async () => {
    const { client } = await openLedger(0);
    let total: number | undefined;
    await client.bulk([1, 2, 3], async () => {}, {
      ...valid,
      shard: { index: 0, count: 1 },
      onProgress: (progress) => {
        total = progress.total;
      },
    });
    expect(total).toBe(3);
  });
});
