/**
 * With @opentelemetry/api installed and no SDK registered, a call records nothing and sends no
 * trace context; an SDK registered later, after the client was made, records the calls from then on.
 */
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecordingClient } from '../support/recording-client.js';

afterAll(() => trace.disable());

describe('the API without an SDK', () => {
  it('sends no traceparent, and an SDK registered after the client was made records the next call', async () => {
    const recording = createRecordingClient();
    await recording.client.clientes.retrieve('cli_0001');
    expect(recording.sent[0]?.request.headers.traceparent).toBeUndefined();

    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    await recording.client.clientes.retrieve('cli_0002');
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      'clientes.retrieve attempt 1',
      'clientes.retrieve',
    ]);
  });
});
