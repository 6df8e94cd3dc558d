/**
 * Each call is a client span named after its operation, with the attributes of the contract and
 * the HTTP client conventions; each attempt a child span; retries and limiter waits events; the
 * span ends with the call, on abort and timeout too; `traceparent` goes out when a trace is active.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createMemoryLimiter, LoyaltyAbortError, LoyaltyTimeoutError, NotFoundError } from 'loyalty-sdk';
import { createTestClient } from 'loyalty-sdk/server';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../support/async.js';
import { runUntilSettled, turnsUntil, useFakeClock } from '../support/fake-clock.js';
import { createRecordingClient } from '../support/recording-client.js';
import { registerOpenTelemetry } from './otel-harness.js';

const otel = registerOpenTelemetry();
afterAll(() => otel.shutdown());
beforeEach(() => otel.reset());
afterEach(() => {
  vi.useRealTimers();
});

const FAST_RETRIES = { retryBaseDelayMs: 0, retryMaxDelayMs: 0, logLevel: 'off' } as const;

function named(name: string): ReadableSpan {
  const found = otel.spans().filter((span) => span.name === name);
  expect(found, `spans named ${name}`).toHaveLength(1);
  return found[0] as ReadableSpan;
}

function childrenOf(parent: ReadableSpan): ReadableSpan[] {
  return otel.spans().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
}

describe('the span of a call', () => {
  it('is a client span named after the operation, with the operation, route, server, status, request id and retries', async () => {
    const { client } = await createTestClient();
    const { meta } = await client.clientes.retrieve('cli_0001').withResponse();
    const span = named('clientes.retrieve');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toEqual({
      'loyalty.operation': 'clientes.retrieve',
      'http.request.method': 'GET',
      'url.template': '/ext/v3/clientes/{uid}',
      'server.address': 'loyalty.in-process',
      'server.port': 80,
      'http.response.status_code': 200,
      'loyalty.request_id': meta.requestId,
      'loyalty.retry_count': 0,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('has one child span per attempt, with its status', async () => {
    const { client } = await createTestClient();
    await client.configuracion.niveles.list();
    const [attempt, ...more] = childrenOf(named('configuracion.niveles.list'));
    expect(more).toHaveLength(0);
    expect(attempt?.name).toBe('configuracion.niveles.list attempt 1');
    expect(attempt?.kind).toBe(SpanKind.INTERNAL);
    expect(attempt?.attributes).toEqual({ 'loyalty.attempt': 1, 'http.response.status_code': 200 });
  });

  it('of a retried keyed write: a child span per attempt, and a retry event with the delay and why', async () => {
    const { client } = await createTestClient({
      faults: { seed: 7, sequence: ['serverError'] },
      client: FAST_RETRIES,
    });
    await client.clientes.puntos.add(
      'cli_0001',
      { puntos: 150, motivo: 'Compra 8812' },
      { idempotencyKey: 'compra-8812' },
    );
    const span = named('clientes.puntos.add');
    expect(span.attributes['loyalty.retry_count']).toBe(1);
    expect(span.attributes['http.response.status_code']).toBe(200);
    const attempts = childrenOf(span).sort(
      (a, b) => Number(a.attributes['loyalty.attempt']) - Number(b.attributes['loyalty.attempt']),
    );
    expect(attempts.map((attempt) => attempt.attributes)).toEqual([
      { 'loyalty.attempt': 1, 'http.response.status_code': 500, 'error.type': 'InternalServerError' },
      { 'loyalty.attempt': 2, 'http.request.resend_count': 1, 'http.response.status_code': 200 },
    ]);
    expect(attempts[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        'loyalty.retry',
        {
          'loyalty.attempt': 1,
          'loyalty.retry.delay_ms': expect.any(Number),
          'error.type': 'InternalServerError',
        },
      ],
    ]);
    // Backoff with jitter, at most retryMaxDelayMs.
    expect(span.events[0]?.attributes?.['loyalty.retry.delay_ms']).toBeLessThanOrEqual(5);
  });

  it('of a failed call carries error.type and ends with an error status', async () => {
    const { client } = await createTestClient();
    await expect(client.clientes.retrieve('cli_9999')).rejects.toBeInstanceOf(NotFoundError);
    const span = named('clientes.retrieve');
    expect(span.attributes['error.type']).toBe('NotFoundError');
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'NotFoundError' });
  });

  it('ends when the call times out', async () => {
    const { client } = await createTestClient({
      faults: { seed: 1, latencyMs: 2_000 },
      client: { timeoutMs: 50, maxRetries: 0, logLevel: 'off' },
    });
    useFakeClock();
    await expect(runUntilSettled(client.tareas.list())).rejects.toBeInstanceOf(LoyaltyTimeoutError);
    const span = named('tareas.list');
    expect(span.attributes['error.type']).toBe('LoyaltyTimeoutError');
    expect(span.attributes['http.response.status_code']).toBeUndefined();
    expect(childrenOf(span).map((attempt) => attempt.attributes['error.type'])).toEqual([
      'LoyaltyTimeoutError',
    ]);
  });

  it('ends when the caller aborts the call', async () => {
    const { client } = await createTestClient({
      faults: { seed: 1, latencyMs: 2_000 },
      client: { maxRetries: 0, logLevel: 'off' },
    });
    const controller = new AbortController();
    useFakeClock();
    const call = rejectionOf(client.reportes.catalogo.retrieve({ signal: controller.signal }));
    // Sent: the attempt's timeout and the engine's latency both wait on the clock.
    await turnsUntil(() => vi.getTimerCount() === 2);
    controller.abort();
    expect(await call).toBeInstanceOf(LoyaltyAbortError);
    expect(named('reportes.catalogo.retrieve').attributes['error.type']).toBe('LoyaltyAbortError');
  });

  it('of a validation error: no attempt, loyalty.retry_count 0, error.type LoyaltyValidationError', async () => {
    const { client } = await createTestClient();
    await rejectionOf(client.clientes.puntos.add('cli_0001', { puntos: 'many' as unknown as number }));
    const span = named('clientes.puntos.add');
    expect(span.attributes['error.type']).toBe('LoyaltyValidationError');
    expect(span.attributes['loyalty.retry_count']).toBe(0);
    expect(childrenOf(span)).toHaveLength(0);
  });

  it('shows a wait for a limiter token as an event', async () => {
    const { client } = await createTestClient({
      client: {
        limiter: createMemoryLimiter({ requestsPerSecond: 20, groupActionsPerMinute: 1 }),
        logLevel: 'off',
      },
    });
    // A bucket of 20 a second: the calls past the first burst wait for their tokens.
    await Promise.all(Array.from({ length: 30 }, () => client.configuracion.niveles.list()));
    const waits = otel
      .spans()
      .flatMap((span) => span.events)
      .filter((event) => event.name === 'loyalty.limiter.wait');
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait.attributes?.['loyalty.limit_kind']).toBe('request');
      expect(wait.attributes?.['loyalty.wait_ms']).toBeGreaterThan(0);
    }
  });
});

describe('trace context', () => {
  it('a call inside an active span is its child, and sends a traceparent that names the call span', async () => {
    const recording = createRecordingClient();
    const tracer = trace.getTracer('integration');
    await tracer.startActiveSpan('checkout', async (parent) => {
      await recording.client.clientes.retrieve('cli_0001');
      parent.end();
    });
    const checkout = named('checkout');
    const call = named('clientes.retrieve');
    expect(call.parentSpanContext?.spanId).toBe(checkout.spanContext().spanId);
    expect(call.spanContext().traceId).toBe(checkout.spanContext().traceId);
    expect(recording.sent[0]?.request.headers.traceparent).toBe(
      `00-${call.spanContext().traceId}-${call.spanContext().spanId}-01`,
    );
  });

  it('every attempt of a retried call sends the same traceparent', async () => {
    const recording = createRecordingClient({
      engine: { faults: { seed: 3, sequence: ['serverError', 'serverError'] } },
      client: { ...FAST_RETRIES, maxRetries: 2 },
    });
    await recording.client.clientes.puntos.add('cli_0001', { puntos: 5 }, { idempotencyKey: 'traced-retry' });
    const sent = recording.sent.map((exchange) => exchange.request.headers.traceparent);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('propagateTraceContext: false sends no traceparent, and the span is still recorded', async () => {
    const recording = createRecordingClient({ client: { propagateTraceContext: false } });
    await recording.client.clientes.retrieve('cli_0001');
    expect(recording.sent[0]?.request.headers.traceparent).toBeUndefined();
    expect(named('clientes.retrieve').attributes['http.response.status_code']).toBe(200);
  });

  it('telemetry: false records no span and sends no traceparent', async () => {
    const recording = createRecordingClient({ client: { telemetry: false } });
    await recording.client.clientes.retrieve('cli_0001');
    expect(recording.sent[0]?.request.headers.traceparent).toBeUndefined();
    expect(otel.spans()).toHaveLength(0);
  });

  it('the calls of client.bulk inside an active span are its children', async () => {
    const { client } = await createTestClient();
    const tracer = trace.getTracer('integration');
    await tracer.startActiveSpan('nightly accrual', async (job) => {
      await client.bulk(
        ['o-1', 'o-2', 'o-3'],
        (order, call) => client.clientes.puntos.add('cli_0002', { puntos: 1, motivo: order }, call),
        { jobId: 'traced-job', itemKey: (order) => order, concurrency: 2 },
      );
      job.end();
    });
    const job = named('nightly accrual');
    const calls = otel.spans().filter((span) => span.name === 'clientes.puntos.add');
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.parentSpanContext?.spanId).toBe(job.spanContext().spanId);
  });
});
