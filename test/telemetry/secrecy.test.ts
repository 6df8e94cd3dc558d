/**
 * Nothing secret leaves through telemetry: over random API keys and request bodies, no span name,
 * attribute, event, status, metric label or diagnostics-channel message (its error included)
 * holds the key or a value the request body carried.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { inspect } from 'node:util';
import * as fc from 'fast-check';
import { createTestClient } from 'loyalty-sdk/server';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProperty, runsFor, timeoutFor } from '../support/property-runs.js';
import { registerOpenTelemetry } from './otel-harness.js';

const otel = registerOpenTelemetry();
const channel = tracingChannel<unknown, object>('loyalty-sdk:request');
const published: string[] = [];
const keep = (message: object) => published.push(inspect(message, { depth: 8, showHidden: true }));
const handlers = { start: keep, end: keep, asyncStart: keep, asyncEnd: keep, error: keep };
channel.subscribe(handlers);
afterAll(async () => {
  channel.unsubscribe(handlers);
  await otel.shutdown();
});

const RUNS = runsFor(25);

/** Long enough that a match can only be the value itself. */
const secretText = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{10,40}[A-Za-z0-9]$/);
const apiKey = fc.stringMatching(/^[A-Za-z0-9_]{16,48}$/).map((tail) => `lk_${tail}`);

/** Everything the telemetry of the calls exported, as text. */
async function exported(): Promise<string> {
  const spans = otel.spans().map((span) => ({
    name: span.name,
    attributes: span.attributes,
    events: span.events,
    status: span.status,
  }));
  const metrics = (await otel.collect()).flatMap((collected) =>
    collected.scopeMetrics.flatMap((scope) =>
      scope.metrics.map((metric) => ({ name: metric.descriptor.name, points: metric.dataPoints })),
    ),
  );
  return [JSON.stringify(spans), JSON.stringify(metrics), ...published].join('\n');
}

describe('telemetry and secrets', () => {
  it(
    'no span, event, metric or channel message holds the API key or a request body value',
    async () => {
      await checkProperty(
        'telemetry secrecy',
        fc.asyncProperty(apiKey, secretText, secretText, async (key, motivo, titulo) => {
          otel.reset();
          published.length = 0;
          const { client } = await createTestClient({
            keys: [{ key, scopes: '*' }],
            // A 500 first: the retried attempt and its events are exported too.
            faults: { seed: 9, sequence: ['serverError'] },
            client: { retryBaseDelayMs: 1, retryMaxDelayMs: 1, logLevel: 'off' },
          });
          await client.clientes.puntos.add(
            'cli_0001',
            { puntos: 2, motivo },
            { idempotencyKey: `k-${motivo.length}-${titulo.length}-0001` },
          );
          await client.clientes.notificaciones.send('cli_0001', {
            titulo: titulo.slice(0, 60),
            mensaje: motivo,
          });
          // Refused by the service (no such customer) and by the client's validation: failures are exported too.
          await client.clientes.puntos.add('cli_9999', { puntos: 1, motivo }).catch(() => {});
          await client.clientes.puntos
            .add('cli_0001', { puntos: motivo as unknown as number, motivo: titulo })
            .catch(() => {});
          const text = await exported();
          expect(otel.spans().length).toBeGreaterThanOrEqual(4);
          expect(published.length).toBeGreaterThan(0);
          // What the telemetry must show is there: the check reads real output.
          expect(text).toContain('clientes.notificaciones.send');
          expect(text).toContain('LoyaltyValidationError');
          expect(text).not.toContain(key);
          expect(text).not.toContain(motivo);
          expect(text).not.toContain(titulo.slice(0, 60));
        }),
        RUNS,
      );
    },
    timeoutFor(RUNS, 150),
  );
});
