/**
 * The reference server measured against itself: whatever the key may call, a safe run agrees and
 * finds nothing. The planted differences of finds.test.ts show the same run can find something.
 */
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../src/operations/scopes.js';
import { createReferenceServer } from '../../src/server/index.js';
import { verifyService } from '../../src/verify/index.js';
import type { VerifyProgress } from '../../src/verify/types.js';
import { BASE_URL, demoSamples, SERVICE_KEY, serviceUnderTest } from './service-under-test.js';

const READS: Scope[] = [
  'tareas:read',
  'clientes:read',
  'puntos:read',
  'niveles:read',
  'promociones:read',
  'reportes:read',
];

/**
 * What a safe run cannot measure: a create (a service that took a refusal of it would create a
 * record), a write to a task or a group but the sample group's dry runs (no GET names one alone),
 * and the writes whose identifiers no read the key may call can show to name nothing (a service
 * that ignored the rule would change a record there).
 */
const UNMEASURED: Record<string, string[]> = {
  'every scope': ['tareas.setStatus', 'clientes.create', 'grupos.nombre.set'],
  'the read scopes': [
    'tareas.setStatus',
    'clientes.create',
    'grupos.puntos.add',
    'grupos.etiquetas.add',
    'grupos.nombre.set',
  ],
  'one write scope': [
    'tareas.setStatus',
    'clientes.create',
    'clientes.update',
    'clientes.puntos.add',
    'clientes.notificaciones.send',
    'clientes.nivel.recalculate',
    'grupos.etiquetas.add',
    'grupos.nombre.set',
    'promociones.setStatus',
  ],
};

describe('verify against the reference server itself', () => {
  it.each<[string, readonly Scope[] | '*']>([
    ['every scope', '*'],
    ['the read scopes', READS],
    ['one write scope', ['puntos:write']],
  ])('a key holding %s: a safe run with samples agrees and reports zero findings', async (name, scopes) => {
    const service = serviceUnderTest({ engine: { keys: [{ key: SERVICE_KEY, scopes }] } });
    const progress: VerifyProgress[] = [];
    const result = await verifyService({
      baseUrl: BASE_URL,
      apiKey: SERVICE_KEY,
      samples: demoSamples(service),
      maxRequestsPerSecond: 1_000,
      dispatcher: service.dispatcher,
      onProgress: (event) => progress.push(event),
    });
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('agrees');
    expect(result.failure).toBeUndefined();
    // Something was measured for every operation (a key lacking a scope is refused with 403), but
    // what the key cannot measure safely (UNMEASURED).
    expect(result.coverage.map((entry) => entry.operationId)).toHaveLength(18);
    const unmeasured = result.coverage.filter(
      (entry) => !entry.checks.some((check) => check.outcome === 'observed'),
    );
    expect(unmeasured.map((entry) => entry.operationId)).toEqual(UNMEASURED[name]);
    for (const { operationId, checks } of unmeasured.filter(
      (entry) => entry.operationId !== 'clientes.create',
    ))
      expect(
        checks.filter((check) => check.outcome === 'unsafe'),
        operationId,
      ).not.toEqual([]);
    expect(progress).toHaveLength(result.requests.length);
    expect(progress.every((event, index) => event.sent === index && event.sent < event.planned)).toBe(true);
  });

  it('over HTTP (a reference server on a port, undici by default): agrees', async () => {
    const server = createReferenceServer({
      keys: [{ key: SERVICE_KEY, scopes: '*' }],
      limits: { rateLimit: { limit: Number.POSITIVE_INFINITY } },
    });
    const baseUrl = await server.listen({ port: 0 });
    try {
      const result = await verifyService({
        baseUrl,
        apiKey: SERVICE_KEY,
        operations: [
          'clientes.retrieve',
          'clientes.puntos.add',
          'promociones.list',
          'promociones.cupones.list',
        ],
        samples: { uid: ['cli_0001'] },
        maxRequestsPerSecond: 1_000,
      });
      expect(result.findings).toEqual([]);
      expect(result.verdict).toBe('agrees');
      expect(result.profile.origin).toBe(baseUrl);
      expect(result.requests.every((request) => request.status !== null)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
