/**
 * Safe ids: a write refusal is aimed at an identifier a read showed to name nothing. A twin that
 * holds a record at each identifier verify plans (2147483647, `loyalty-verify-nonexistent`) gets
 * no write there: the reads find the records, the next identifiers are used; a twin that holds
 * every identifier tried gets no write at all, and the coverage says `unsafe`.
 */
import { describe, expect, it } from 'vitest';
import { verifyService } from '../../src/verify/index.js';
import { NOWHERE_CANDIDATES } from '../../src/verify/probe.js';
import {
  BASE_URL,
  demoSamples,
  SERVICE_KEY,
  type ServiceUnderTest,
  serviceUnderTest,
} from './service-under-test.js';

type Json = Record<string, unknown>;

/** Records of every kind a write refusal names, at these identifiers, copied from the seed. */
function occupy(service: ServiceUnderTest, integers: readonly number[], strings: readonly string[]): void {
  const { store } = service.engine.state.data;
  const [task] = [...store.tasks.values()];
  const [promotion] = [...store.promotions.values()];
  for (const uid of strings) service.engine.admin.createCustomer({ uid, nombre: 'Ocupado', puntos: 100 });
  for (const id of integers) {
    store.groups.set(id, { grupoId: id, nombre: 'Ocupado', uids: ['cli_0001'] });
    store.tasks.set(id, { ...(task as NonNullable<typeof task>), tareaId: id });
    store.promotions.set(id, { ...(promotion as NonNullable<typeof promotion>), regaloId: id });
  }
}

/** What the service holds at those identifiers: compared before and after the run. */
function held(service: ServiceUnderTest, integers: readonly number[], strings: readonly string[]): Json {
  const { store } = service.engine.state.data;
  return structuredClone({
    customers: strings.map((uid) => store.customers.get(uid)),
    movements: strings.map((uid) => store.movements.get(uid)),
    groups: integers.map((id) => store.groups.get(id)),
    tasks: integers.map((id) => store.tasks.get(id)),
    promotions: integers.map((id) => store.promotions.get(id)),
  });
}

async function verifyAgainst(service: ServiceUnderTest) {
  return verifyService({
    baseUrl: BASE_URL,
    apiKey: SERVICE_KEY,
    samples: demoSamples(service),
    maxRequestsPerSecond: 1_000,
    dispatcher: service.dispatcher,
  });
}

/** Writes (not dry runs) that reached the service aimed at one of the identifiers. */
function writesAt(service: ServiceUnderTest, ids: readonly (string | number)[]) {
  return service.received.filter((request) => {
    if (request.method === 'GET') return false;
    if (request.body?.includes('"dryRun":true')) return false;
    return request.path.split('/').some((part) => ids.some((id) => decodeURIComponent(part) === String(id)));
  });
}

describe('safe ids', () => {
  it('a twin holding 2147483647 and loyalty-verify-nonexistent: no write reaches them, the next ids are used', async () => {
    const integers = [NOWHERE_CANDIDATES.integer[0]];
    const strings = [NOWHERE_CANDIDATES.string[0]];
    const service = serviceUnderTest();
    occupy(service, integers, strings);
    const before = held(service, integers, strings);
    const result = await verifyAgainst(service);
    expect(writesAt(service, [...integers, ...strings])).toEqual([]);
    expect(held(service, integers, strings)).toEqual(before);
    expect(service.engine.admin.audit()).toEqual([]);
    // The refusals went to the next identifiers, which a read showed to name nothing.
    const next = [NOWHERE_CANDIDATES.integer[1], NOWHERE_CANDIDATES.string[1]].map(String);
    for (const id of next)
      expect(
        result.requests.some((request) => request.method !== 'GET' && request.path.includes(`/${id}/`)),
      ).toBe(true);
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('agrees');
  });

  it('a twin holding every identifier tried: no write at all aimed at one, each such check unsafe', async () => {
    const integers = NOWHERE_CANDIDATES.integer;
    const strings = NOWHERE_CANDIDATES.string;
    const service = serviceUnderTest();
    occupy(service, integers, strings);
    const before = held(service, integers, strings);
    const result = await verifyAgainst(service);
    expect(writesAt(service, [...integers, ...strings])).toEqual([]);
    expect(held(service, integers, strings)).toEqual(before);
    const unsafe = result.coverage.flatMap((entry) =>
      entry.checks.filter((check) => check.outcome === 'unsafe').map(() => entry.operationId),
    );
    expect(new Set(unsafe)).toEqual(
      new Set([
        'tareas.setStatus',
        // Safe mode sends no refusal of a create, whatever the service holds.
        'clientes.create',
        'clientes.update',
        'clientes.puntos.add',
        'clientes.notificaciones.send',
        'clientes.nivel.recalculate',
        'grupos.puntos.add',
        'grupos.etiquetas.add',
        'grupos.nombre.set',
        'promociones.setStatus',
      ]),
    );
    const noteOf = (operationId: string) =>
      result.coverage
        .find((entry) => entry.operationId === operationId)
        ?.checks.find((check) => check.check === 'refusal: no key')?.note;
    expect(noteOf('promociones.setStatus')).toMatch(
      /promociones\.cupones\.list did not answer 404 to any regaloId tried \(2147483647, 2147483646, 2147483645\)/,
    );
    // No GET names a group alone, and a dry run is a write: safe mode sends no write to a group.
    expect(noteOf('grupos.nombre.set')).toMatch(/^no read of the table names a grupoId alone/);
  });
});
