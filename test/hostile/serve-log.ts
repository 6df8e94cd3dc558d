/**
 * The table's row for `loyalty serve`: a request carrying the key in `Authorization`,
 * `Proxy-Authorization`, `Cookie`, the `apikey` query parameter and the `apikey` header, then
 * what the request log (`/__admin/requests`, which the inspector reads) and its stream kept of it.
 */
import { join } from 'node:path';
import { type ChildLimits, spawnMeasured } from './child.js';
import { HOSTILE_KEY, keyRunIn } from './key.js';
import { urlIn } from './mcp-client.js';

export interface ServeLog {
  /** The longest run of the key in `/__admin/requests`. */
  logKeyRun: number;
  /** The same in the first second of `/__admin/requests/stream`. */
  streamKeyRun: number;
  problem: string | undefined;
}

async function firstSecondOf(url: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 1_000);
  let text = '';
  try {
    const answer = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    for await (const chunk of answer.body ?? [])
      text += decoder.decode(chunk as Uint8Array, { stream: true });
  } catch {
    // The stream never ends: the abort stops it.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

export async function measureServeLog(dist: string, limits: ChildLimits): Promise<ServeLog> {
  const measured = spawnMeasured([join(dist, 'cli.js'), 'serve', '--port', '0'], {
    ...limits,
    env: { PATH: process.env.PATH ?? '' },
    stdin: 'pipe',
  });
  try {
    const base = await urlIn(measured.child.stdout, /(http:\/\/127\.0\.0\.1:\d+)/);
    if (!base) throw new Error('loyalty serve did not start');
    const stream = firstSecondOf(`${base}/__admin/requests/stream`);
    await fetch(`${base}/ext/v3/clientes/cli_0001?apikey=${HOSTILE_KEY}`, {
      headers: {
        apikey: HOSTILE_KEY,
        authorization: `Bearer ${HOSTILE_KEY}`,
        'proxy-authorization': `Bearer ${HOSTILE_KEY}`,
        cookie: `session=${HOSTILE_KEY}; theme=dark`,
      },
    }).then((answer) => answer.arrayBuffer());
    const log = await (await fetch(`${base}/__admin/requests`)).text();
    return { logKeyRun: keyRunIn(log), streamKeyRun: keyRunIn(await stream), problem: undefined };
  } catch (error) {
    return { logKeyRun: 0, streamKeyRun: 0, problem: (error as Error).message };
  } finally {
    measured.child.kill('SIGTERM');
    await measured.ended;
  }
}

export function describeServeLog(log: ServeLog): string {
  if (log.problem) return `loyalty serve: ${log.problem}`;
  const shown = (run: number) =>
    run > 0 ? `**${run} of ${HOSTILE_KEY.length} characters of the key**` : 'the key masked';
  return `loyalty serve: /__admin/requests (the inspector's source) ${shown(log.logKeyRun)}; its live stream ${shown(log.streamKeyRun)}`;
}
