// @ts-check
// RSS of a bulk job that streams its items from a file: the file is generated (JSON lines), read
// line by line, and each item's call is a stand-in that resolves at once (the bench measures the
// runner and the reading, not a server). Prints one JSON line: RSS after 100,000 and after all.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LoyaltyClient } from 'loyalty-sdk';
import { movementOf } from '../../fleet/plan.mjs';

const total = Number(process.argv[2] ?? 1_000_000);
const checkpointAt = 100_000;
const directory = await mkdtemp(join(tmpdir(), 'bench-bulk-rss-'));
const file = join(directory, 'movements.jsonl');
const CHUNK = 50_000;
for (let start = 0; start < total; start += CHUNK) {
  const lines = [];
  for (let index = start; index < Math.min(total, start + CHUNK); index++) {
    lines.push(JSON.stringify(movementOf(index, 1_000)));
  }
  await writeFile(file, `${lines.join('\n')}\n`, { flag: start === 0 ? 'w' : 'a' });
}

async function* items() {
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (line) yield JSON.parse(line);
  }
}

const gc = /** @type {() => void} */ (globalThis.gc);
const rssMb = () => {
  gc();
  return process.memoryUsage().rss / 1024 / 1024;
};
const client = new LoyaltyClient({ apiKey: 'lk_bench_rss_0123456789', baseUrl: 'http://127.0.0.1:9' });
let done = 0;
/** @type {number | undefined} */
let atCheckpoint;
const summary = await client.bulk(items(), async (_item, call) => call.idempotencyKey.length, {
  jobId: 'bench-rss',
  itemKey: (item) => item.id,
  concurrency: 32,
  onItem: () => {
    done += 1;
    if (done === checkpointAt) atCheckpoint = rssMb();
  },
});
const atEnd = rssMb();
await rm(directory, { recursive: true, force: true });
console.log(JSON.stringify({ items: summary.succeeded, rssAt100k: atCheckpoint, rssAtEnd: atEnd }));
