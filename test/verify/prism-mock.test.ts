/**
 * verify against a service we did not write: Prism's mock of our own document (static, and
 * dynamic with a fixed seed), its openapi.json answer holding the document so that discovery
 * works. The findings are exactly the ones listed and judged true in prism-expected.ts: no
 * `limit` among them, no success the SDK would throw on; and a reference server following the
 * run's profile refuses every planted limit the mock refuses.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockDocument, writeDocument } from '../support/mock-document.js';
import type { RunningMock } from '../support/mock-process.js';
import { startPrismMock } from '../support/prism.js';
import { lines, linesOf, MOCK_DYNAMIC, MOCK_STATIC } from './prism-expected.js';
import { PRISM_KEY, plantedStatuses, profiledStatuses, refusedByBoth, verifyPrism } from './prism-runs.js';

const modes = { static: MOCK_STATIC, dynamic: MOCK_DYNAMIC } as const;
const mocks = new Map<keyof typeof modes, RunningMock>();
let file: string | undefined;

beforeAll(async () => {
  file = writeDocument(mockDocument());
  for (const mode of Object.keys(modes) as (keyof typeof modes)[])
    mocks.set(mode, await startPrismMock(file, mode));
}, 120_000);

afterAll(async () => {
  await Promise.all([...mocks.values()].map((mock) => mock.close()));
  if (file) rmSync(dirname(file), { recursive: true, force: true });
});

describe.each(Object.keys(modes) as (keyof typeof modes)[])('verify against prism mock (%s)', (mode) => {
  let run: ReturnType<typeof verifyPrism> | undefined;
  const result = () => {
    run ??= verifyPrism(mocks.get(mode)?.baseUrl as string, PRISM_KEY);
    return run;
  };

  it('finds exactly the differences listed and judged true, none of them a limit', async () => {
    const { findings, verdict } = await result();
    expect(linesOf(findings)).toEqual(lines(modes[mode]));
    expect(findings.filter((finding) => finding.kind === 'limit')).toEqual([]);
    expect(verdict).toBe('differs');
  });

  it("each finding says whose rule it holds the mock to: breaking only on the spec's, each quoted", async () => {
    const { findings } = await result();
    const spec = findings.filter((finding) => finding.basis === 'spec');
    expect(spec.filter((finding) => typeof finding.rule !== 'string' || finding.rule === '')).toEqual([]);
    const breakingOnOurs = findings.filter(
      (finding) => finding.severity === 'breaking' && finding.basis === 'reference',
    );
    expect(linesOf(breakingOnOurs)).toEqual([]);
    expect(spec.length).toBeGreaterThan(0);
  });

  it("discovery reads the mock's document: every operation is checked, every write is unsafe", async () => {
    const { coverage } = await result();
    expect(coverage).toHaveLength(18);
    // The mock claims a record at every id a GET names; a create and a task's write safe mode never sends.
    const unsafe = coverage.filter((entry) => entry.checks.some((check) => check.outcome === 'unsafe'));
    expect(unsafe.map((entry) => entry.operationId)).toEqual([
      'tareas.setStatus',
      'clientes.create',
      'clientes.update',
      'clientes.puntos.add',
      'clientes.notificaciones.send',
      'clientes.nivel.recalculate',
      'grupos.puntos.add',
      'grupos.etiquetas.add',
      'grupos.nombre.set',
      'promociones.setStatus',
    ]);
  });

  it('its profile keeps the reference server refusing every planted limit the mock refuses', async () => {
    const { profile } = await result();
    expect(profile.calibrations.filter((fact) => fact.kind === 'limit')).toEqual([]);
    const service = await plantedStatuses(mocks.get(mode)?.baseUrl as string, PRISM_KEY);
    const profiled = await profiledStatuses(profile);
    for (const row of refusedByBoth(service, profiled))
      expect(row).toEqual({ ...row, service: true, profiled: true });
  });
});
