/**
 * What the Prism tests share: a verify run against a Prism base URL (paced only by the service's
 * own speed), and the planted limits sent raw (not through the SDK, which refuses them before
 * sending) to Prism and to a reference server following the run's profile: each side must refuse
 * each one, so that a profile never makes the reference server take what the service refuses.
 */
import { randomUUID } from 'node:crypto';
import { API_PREFIX, LIMITS } from '../../src/operations/limits.js';
import { createReferenceServer, type ServiceProfile } from '../../src/server/index.js';
import { verifyService } from '../../src/verify/index.js';

export const PRISM_KEY = 'prism-any-key-0123456789';

/** The demo seed's customer and group: a mock answers any, the reference holds these. */
export const PRISM_SAMPLES = { uid: ['cli_0001'], grupoId: [1] };

export function verifyPrism(baseUrl: string, apiKey: string) {
  return verifyService({ baseUrl, apiKey, samples: PRISM_SAMPLES, maxRequestsPerSecond: 1_000 });
}

/** The planted limits, each past the table's bound: a group points dry run, a group name. */
export const PLANTED: { name: string; path: string; body: Record<string, unknown> }[] = [
  {
    name: 'puntos 10001',
    path: '/grupos/1/puntos',
    body: { dryRun: true, puntos: LIMITS.puntosPerCall + 1 },
  },
  { name: 'puntos 50000', path: '/grupos/1/puntos', body: { dryRun: true, puntos: 50_000 } },
  {
    name: `nombre of ${LIMITS.grupoNombreMaxLength + 1} characters`,
    path: '/grupos/1/nombre',
    body: { nombre: 'x'.repeat(LIMITS.grupoNombreMaxLength + 1) },
  },
  {
    name: `nombre of ${LIMITS.grupoNombreMaxLength * 17} characters`,
    path: '/grupos/1/nombre',
    body: { nombre: 'x'.repeat(LIMITS.grupoNombreMaxLength * 17) },
  },
];

/** The status each planted request is answered with at `baseUrl`. */
export async function plantedStatuses(baseUrl: string, apiKey: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [index, { name, path, body }] of PLANTED.entries()) {
    const response = await fetch(`${baseUrl}${API_PREFIX}${path}`, {
      method: 'POST',
      headers: {
        apikey: apiKey,
        'content-type': 'application/json',
        'idempotency-key': `prism-planted-${index}-${randomUUID()}`,
      },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    out[name] = response.status;
  }
  return out;
}

/** The statuses a reference server following `profile` answers the planted requests with. */
export async function profiledStatuses(profile: ServiceProfile): Promise<Record<string, number>> {
  const server = createReferenceServer({ profile });
  const baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await plantedStatuses(baseUrl, 'lk_demo_all_scopes');
  } finally {
    await server.close();
  }
}

/** Each planted request refused (4xx) by both. */
export const refusedByBoth = (service: Record<string, number>, profiled: Record<string, number>) =>
  PLANTED.map(({ name }) => ({
    name,
    service: (service[name] ?? 0) >= 400,
    profiled: (profiled[name] ?? 0) >= 400,
  }));
