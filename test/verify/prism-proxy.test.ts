/**
 * verify against `prism proxy --errors` in front of a reference server over HTTP: Prism refuses
 * on its own what breaks the document (its own JSON, 422, no X-Request-Id) and lets the rest
 * through. The findings are exactly the ones listed and judged true in prism-expected.ts: no
 * `limit` among them; and a reference server following the run's profile refuses every planted
 * limit Prism refuses.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, DEMO_API_KEY, type ReferenceServer } from '../../src/server/index.js';
import { writeDocument } from '../support/mock-document.js';
import type { RunningMock } from '../support/mock-process.js';
import { startPrismProxy } from '../support/prism.js';
import { lines, linesOf, PROXY } from './prism-expected.js';
import { plantedStatuses, profiledStatuses, refusedByBoth, verifyPrism } from './prism-runs.js';

let upstream: ReferenceServer;
let proxy: RunningMock;
let file: string | undefined;

beforeAll(async () => {
  upstream = createReferenceServer({ limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } } });
  const upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
  file = writeDocument();
  proxy = await startPrismProxy(file, upstreamUrl);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
  if (file) rmSync(dirname(file), { recursive: true, force: true });
});

describe('verify against prism proxy --errors in front of the reference server', () => {
  let run: ReturnType<typeof verifyPrism> | undefined;
  const result = () => {
    run ??= verifyPrism(proxy.baseUrl, DEMO_API_KEY);
    return run;
  };

  it('finds exactly the differences listed and judged true, none of them a limit', async () => {
    const { findings, verdict } = await result();
    expect(linesOf(findings)).toEqual(lines(PROXY));
    expect(findings.filter((finding) => finding.kind === 'limit')).toEqual([]);
    expect(verdict).toBe('differs');
  });

  it('counts the answers without X-Request-Id: those Prism gave of itself', async () => {
    const { findings } = await result();
    const header = findings.find(
      (finding) =>
        finding.operationId === 'clientes.puntos.add' && finding.location === 'header.X-Request-Id',
    );
    const { missing, of } = (header?.observed ?? {}) as { missing?: number; of?: number };
    expect(missing).toBeGreaterThan(0);
    expect(missing).toBeLessThan(of ?? 0);
  });

  it('its profile keeps the reference server refusing every planted limit Prism refuses', async () => {
    const { profile } = await result();
    expect(profile.calibrations.filter((fact) => fact.kind === 'limit')).toEqual([]);
    const service = await plantedStatuses(proxy.baseUrl, DEMO_API_KEY);
    const profiled = await profiledStatuses(profile);
    for (const row of refusedByBoth(service, profiled))
      expect(row).toEqual({ ...row, service: true, profiled: true });
  });
});
