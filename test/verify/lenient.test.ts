/**
 * Safe mode changes nothing, on any service, including one that refuses nothing (issue 45, point
 * 1): against the lenient service (lenient-service.ts: any key, every write carried out, careless
 * values, answers without `data`) a safe run carries out no write and ends with its verdict, JSON
 * and report. Where it holds nothing yet carries out writes, the first write is named
 * (`writesAccepted`, the report's first lines, a breaking finding) and no other follows; sandbox
 * mode likewise sends one refusal that is carried out, and no more.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderJUnitReport, renderMarkdownReport, type VerifyResult } from '../../src/verify/index.js';
import { verifyServiceWithClock } from '../../src/verify/verify.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { type Holding, type LenientService, lenientService } from './lenient-service.js';

const SAMPLE_GROUP = 3;
const services: LenientService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

async function verifyLenient(
  options: { holds?: Holding; mode?: 'safe' | 'sandbox'; grupoId?: boolean } = {},
): Promise<{ service: LenientService; result: VerifyResult }> {
  const service = await lenientService({ holds: options.holds ?? 'everything' });
  services.push(service);
  const result = await verifyServiceWithClock(
    {
      baseUrl: service.baseUrl,
      apiKey: 'lenient_takes_any_key_5c2e9a',
      mode: options.mode ?? 'safe',
      samples: { uid: ['cli_0001'], ...(options.grupoId === false ? {} : { grupoId: [SAMPLE_GROUP] }) },
      maxRequestsPerSecond: 1_000,
    },
    createVirtualClock(),
  );
  return { service, result };
}

const isWrite = (request: { method: string }) => request.method !== 'GET';
const carriedOut = (request: { status: number | null }) =>
  request.status !== null && request.status >= 200 && request.status < 300;

describe('safe mode against a lenient service', () => {
  it('carries out no write, and ends with a verdict, its JSON and its reports', async () => {
    const { service, result } = await verifyLenient();
    expect(service.writes()).toEqual([]);
    expect(result.writesAccepted).toEqual([]);
    expect(result.verdict).toBe('differs');
    expect(JSON.parse(JSON.stringify(result)).writesAccepted).toEqual([]);
    expect(renderMarkdownReport(result)).toMatch(/^# loyalty verify: differs\n/);
    expect(renderJUnitReport(result)).toContain('<testsuites');
  });

  it('sends no request but GETs and the dry runs of the sample group', async () => {
    const { service } = await verifyLenient();
    const others = service.received.filter(isWrite);
    expect(others.length).toBeGreaterThan(0);
    for (const request of others) {
      expect(request.dryRun, `${request.method} ${request.path}`).toBe(true);
      expect(request.path).toMatch(new RegExp(`^/ext/v3/grupos/${SAMPLE_GROUP}/(puntos|etiquetas)$`));
    }
  });

  it('without a grupoId sample, sends GET requests only', async () => {
    const { service } = await verifyLenient({ grupoId: false });
    expect(service.received.filter(isWrite)).toEqual([]);
  });

  it('sends no create: each refusal of clientes.create is unsafe, left to sandbox mode', async () => {
    const { service, result } = await verifyLenient();
    expect(service.received.filter((request) => request.path === '/ext/v3/clientes')).toEqual([]);
    const checks = result.coverage.find((one) => one.operationId === 'clientes.create')?.checks ?? [];
    const refusals = checks.filter((check) => check.check.startsWith('refusal:'));
    expect(refusals.map((check) => check.check)).toEqual(
      expect.arrayContaining(['refusal: no key', 'refusal: a wrong key']),
    );
    for (const check of refusals) {
      expect(check.outcome).toBe('unsafe');
      expect(check.note).toMatch(/^not sent in safe mode: .*--mode sandbox sends it$/);
    }
  });

  it('a write to a task or a group is unsafe (no GET names one alone), saying sandbox mode sends it', async () => {
    const { result } = await verifyLenient();
    for (const operationId of ['tareas.setStatus', 'grupos.nombre.set'] as const) {
      const checks = result.coverage.find((one) => one.operationId === operationId)?.checks ?? [];
      const refusals = checks.filter((check) => check.check.startsWith('refusal:'));
      expect(refusals.length, operationId).toBeGreaterThan(0);
      for (const check of refusals) {
        expect(check.outcome, check.check).toBe('unsafe');
        expect(check.note).toMatch(/: not sent in safe mode; --mode sandbox sends it$/);
      }
      expect(refusals.find((check) => check.check === 'refusal: no key')?.note).toMatch(
        /^no read of the table names a (tareaId|grupoId) alone, and a list read cannot show that one names nothing/,
      );
    }
  });
});

describe('safe mode against a lenient service that holds nothing', () => {
  it('sends one write, to an id a GET of it answered 404, and no other after the service carried it out', async () => {
    const { service, result } = await verifyLenient({ holds: 'nothing' });
    const [write, ...more] = service.writes();
    expect(more).toEqual([]);
    expect(write).toBeDefined();
    const id = write?.path.split('/')[4];
    const read = service.received.find(
      (request) => request.method === 'GET' && request.path === `/ext/v3/clientes/${id}`,
    );
    expect(read?.status).toBe(404);
    expect(service.received.indexOf(read!)).toBeLessThan(service.received.indexOf(write!));
    expect(
      result.requests.filter((request) => isWrite(request) && request.purpose === 'refusal'),
    ).toHaveLength(1);
  });

  it('names the write in writesAccepted, as a breaking status finding, and in the first lines of the report', async () => {
    const { service, result } = await verifyLenient({ holds: 'nothing' });
    const [write] = service.writes();
    expect(result.writesAccepted).toEqual([
      { method: write?.method, path: write?.path, status: 200, why: expect.stringMatching(/^refusal: /) },
    ]);
    const [accepted] = result.writesAccepted;
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        operationId: 'clientes.update',
        observed: { status: 200 },
        severity: 'breaking',
      }),
    );
    const head = renderMarkdownReport(result).split('## Findings')[0] ?? '';
    expect(head).toContain('**The service carried out 1 write it must refuse**');
    expect(head).toContain(`\`${accepted?.method} ${accepted?.path}\` answered 200`);
  });

  it('each write check after it is unsafe, naming the write carried out', async () => {
    const { result } = await verifyLenient({ holds: 'nothing' });
    const [accepted] = result.writesAccepted;
    const stopped = result.coverage
      .flatMap((one) => one.checks)
      .filter((check) => check.note?.startsWith('not sent: the service carried out'));
    expect(stopped.length).toBeGreaterThan(0);
    for (const check of stopped) {
      expect(check.outcome).toBe('unsafe');
      expect(check.note).toContain(`${accepted?.method} ${accepted?.path}`);
    }
  });
});

describe('sandbox mode against a lenient service', () => {
  it('names the one refusal the service carried out, and sends no other refusal after it', async () => {
    const { service, result } = await verifyLenient({ mode: 'sandbox' });
    const refusals = result.requests.filter((request) => isWrite(request) && request.purpose === 'refusal');
    expect(refusals).toHaveLength(1);
    expect(result.writesAccepted).toEqual([
      { method: refusals[0]?.method, path: refusals[0]?.path, status: 200, why: expect.any(String) },
    ]);
    // Besides it, the service carried out only sandbox mode's own writes.
    const own = result.requests.filter((request) => request.purpose === 'write' && carriedOut(request));
    expect(service.writes()).toHaveLength(1 + own.length);
  });
});
