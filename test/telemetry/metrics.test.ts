/**
 * The metrics of calls: `http.client.request.duration` by operation and status (one point per
 * attempt), retries, 429 answers and limiter waits, through the OpenTelemetry SDK's meter.
 */
import { createMemoryLimiter } from 'loyalty-sdk';
import { createTestClient } from 'loyalty-sdk/server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dataPoints, type Point, registerOpenTelemetry } from './otel-harness.js';

const otel = registerOpenTelemetry();
afterAll(() => otel.shutdown());
beforeEach(() => otel.reset());

function countOf(point: Point | undefined): number {
  const value = point?.value as number | { count: number } | undefined;
  return typeof value === 'number' ? value : (value?.count ?? 0);
}

function pointWith(points: Point[], attributes: Record<string, unknown>): Point | undefined {
  return points.find((point) =>
    Object.entries(attributes).every(([name, value]) => point.attributes[name] === value),
  );
}

describe('metrics', () => {
  it('http.client.request.duration: a histogram in seconds of each attempt, by operation, method and status', async () => {
    const { client } = await createTestClient();
    await client.clientes.retrieve('cli_0001');
    await client.clientes.retrieve('cli_0002');
    await client.clientes.retrieve('cli_9999').catch(() => {});
    const points = await dataPoints(otel, 'http.client.request.duration');
    const ok = pointWith(points, {
      'loyalty.operation': 'clientes.retrieve',
      'http.response.status_code': 200,
    });
    const missing = pointWith(points, {
      'loyalty.operation': 'clientes.retrieve',
      'http.response.status_code': 404,
    });
    expect(countOf(ok)).toBe(2);
    expect(countOf(missing)).toBe(1);
    expect(missing?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'error.type': 'NotFoundError',
    });
  });

  it('loyalty.client.retries counts the attempts sent again, by operation and why', async () => {
    const { client } = await createTestClient({
      faults: { seed: 2, sequence: ['serverError', 'serverError'] },
      client: { retryBaseDelayMs: 1, retryMaxDelayMs: 1, logLevel: 'off' },
    });
    await client.tareas.list();
    const points = await dataPoints(otel, 'loyalty.client.retries');
    expect(points.map((point) => [point.attributes, point.value])).toEqual([
      [{ 'loyalty.operation': 'tareas.list', 'error.type': 'InternalServerError' }, 2],
    ]);
  });

  it('loyalty.client.rate_limited counts the 429 answers', async () => {
    const { client } = await createTestClient({
      faults: { seed: 2, sequence: ['rateLimitStorm'], retryAfterSeconds: 1 },
      client: { logLevel: 'off' },
    });
    await client.tareas.list();
    const points = await dataPoints(otel, 'loyalty.client.rate_limited');
    expect(points.map((point) => [point.attributes, point.value])).toEqual([
      [{ 'loyalty.operation': 'tareas.list' }, 1],
    ]);
  });

  it('loyalty.client.limiter.wait.duration records the waits for a token, in seconds', async () => {
    const { client } = await createTestClient({
      client: {
        limiter: createMemoryLimiter({ requestsPerSecond: 20, groupActionsPerMinute: 1 }),
        logLevel: 'off',
      },
    });
    await Promise.all(Array.from({ length: 30 }, () => client.configuracion.niveles.list()));
    const [point] = await dataPoints(otel, 'loyalty.client.limiter.wait.duration');
    expect(point?.attributes).toEqual({
      'loyalty.operation': 'configuracion.niveles.list',
      'loyalty.limit_kind': 'request',
    });
    expect(countOf(point)).toBeGreaterThan(0);
    const { max } = (point?.value ?? { max: 0 }) as { max: number };
    expect(max).toBeGreaterThan(0.001);
    expect(max).toBeLessThan(5);
  });
});
