/**
 * The table's flood row: 2,000 `initialize` calls to `loyalty mcp --http`, as a client that never
 * closes what it opens. What the server kept: its resident set before and after, and whether the
 * first session still lives.
 */
import { join } from 'node:path';
import { type ChildLimits, memoryOf, spawnMeasured } from './child.js';
import { startHostileServer } from './hostile-server.js';
import { HOSTILE_KEY } from './key.js';
import { openSession, sessionStatus, urlIn } from './mcp-client.js';

export const FLOOD = 2_000;
const AT_ONCE = 16;

export interface Flood {
  sessions: number;
  rssBeforeMb: number | undefined;
  rssAfterMb: number | undefined;
  peakRssMb: number | undefined;
  /** The status the first session's id got after the flood: 404 once it ended. */
  firstSessionStatus: number | undefined;
  problem: string | undefined;
}

export async function measureFlood(dist: string, limits: ChildLimits): Promise<Flood> {
  // The service is only read for its document, when the server starts.
  const service = await startHostileServer({ attack: 'hang', key: HOSTILE_KEY, document: 'served' });
  const measured = spawnMeasured([join(dist, 'cli.js'), 'mcp', '--http', '--port', '0'], {
    ...limits,
    env: { PATH: process.env.PATH ?? '', LOYALTY_BASE_URL: service.baseUrl, LOYALTY_API_KEY: HOSTILE_KEY },
    stdin: 'pipe',
  });
  const flood: Flood = {
    sessions: 0,
    rssBeforeMb: undefined,
    rssAfterMb: undefined,
    peakRssMb: undefined,
    firstSessionStatus: undefined,
    problem: undefined,
  };
  try {
    const url = await urlIn(measured.child.stdout, /at (http:\/\/\S+)/);
    const pid = measured.child.pid ?? 0;
    if (!url) throw new Error('the HTTP server did not start');
    flood.rssBeforeMb = memoryOf(pid)?.nowMb;
    const ids: (string | undefined)[] = [];
    let next = 0;
    const opener = async () => {
      for (let index = next++; index < FLOOD; index = next++) ids[index] = await openSession(url);
    };
    await Promise.all(Array.from({ length: AT_ONCE }, opener));
    flood.sessions = ids.filter(Boolean).length;
    flood.rssAfterMb = memoryOf(pid)?.nowMb;
    flood.peakRssMb = measured.peakMb();
    if (ids[0]) flood.firstSessionStatus = await sessionStatus(url, ids[0]);
  } catch (error) {
    flood.problem = (error as Error).message;
  } finally {
    measured.child.kill('SIGTERM');
    await measured.ended;
    await service.close();
  }
  return flood;
}

export function describeFlood(flood: Flood): string {
  if (flood.problem) return `MCP HTTP: ${flood.problem}`;
  const mb = (value: number | undefined) => (value === undefined ? '?' : String(Math.round(value)));
  const first = flood.firstSessionStatus === 404 ? 'ended' : `still answered (${flood.firstSessionStatus})`;
  return `MCP HTTP: ${flood.sessions} of ${FLOOD} initialize calls opened a session; RSS ${mb(flood.rssBeforeMb)} -> ${mb(flood.rssAfterMb)} MB (peak ${mb(flood.peakRssMb)} MB); the first session ${first} after the flood`;
}
