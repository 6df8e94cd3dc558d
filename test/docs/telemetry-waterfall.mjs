// @ts-check
/**
 * `npm run docs:telemetry`: draws docs/telemetry-waterfall.svg from the spans of a real run: the
 * built package sends a keyed write to a reference server over HTTP whose first answer is an
 * injected 500; the client retries with the same key. The OpenTelemetry SDK records the spans in
 * memory; this script draws them as a waterfall, with the retry event. Prints the spans too.
 *
 *   node test/docs/telemetry-waterfall.mjs [OUT.svg]
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

const out = process.argv[2] ?? fileURLToPath(new URL('../../docs/telemetry-waterfall.svg', import.meta.url));

/** @typedef {import('@opentelemetry/sdk-trace-base').ReadableSpan} ReadableSpan */

/** The spans of one retried keyed write, as the in-memory exporter saw them. */
export async function recordRetriedWrite() {
  const exporter = new InMemorySpanExporter();
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  const { LoyaltyClient } = await import('loyalty-sdk');
  const { createReferenceServer, DEMO_API_KEY } = await import('loyalty-sdk/server');
  const server = createReferenceServer({ faults: { seed: 1, sequence: ['serverError'], latencyMs: 20 } });
  const baseUrl = await server.listen();
  try {
    const client = new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl,
      retryBaseDelayMs: 150,
      retryMaxDelayMs: 150,
      logLevel: 'off',
    });
    await trace.getTracer('checkout-service').startActiveSpan('POST /orders/8812/close', async (parent) => {
      await client.clientes.puntos.add(
        'cli_0001',
        { puntos: 150, motivo: 'Compra 8812' },
        { idempotencyKey: 'compra-8812' },
      );
      parent.end();
    });
  } finally {
    await server.close();
    // The providers are global to the process: a caller's later work must not be recorded.
    contextManager.disable();
    trace.disable();
    propagation.disable();
    context.disable();
  }
  return exporter.getFinishedSpans();
}

/** @param {import('@opentelemetry/api').HrTime} time */
const ms = (time) => time[0] * 1000 + time[1] / 1e6;

/** @param {string} text */
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The waterfall: one row per span, parents above their children, a bar from start to end, and a
 * marker for each event.
 * @param {readonly ReadableSpan[]} spans
 */
export function drawWaterfall(spans) {
  const ordered = [...spans].sort((a, b) => ms(a.startTime) - ms(b.startTime));
  const depthOf = (/** @type {ReadableSpan} */ span) => {
    let depth = 0;
    let parentId = span.parentSpanContext?.spanId;
    while (parentId) {
      const parent = spans.find((candidate) => candidate.spanContext().spanId === parentId);
      if (!parent) break;
      depth += 1;
      parentId = parent.parentSpanContext?.spanId;
    }
    return depth;
  };
  const start = Math.min(...ordered.map((span) => ms(span.startTime)));
  const end = Math.max(...ordered.map((span) => ms(span.endTime)));
  const labelWidth = 330;
  const chartWidth = 520;
  const rowHeight = 46;
  const top = 40;
  const x = (/** @type {number} */ at) => labelWidth + ((at - start) / (end - start)) * chartWidth;
  const rows = ordered.map((span, index) => {
    const y = top + index * rowHeight;
    const depth = depthOf(span);
    const failed = span.status.code === 2;
    const status = span.attributes['http.response.status_code'];
    const detail = [
      `${(ms(span.endTime) - ms(span.startTime)).toFixed(0)} ms`,
      status === undefined ? '' : `status ${status}`,
      span.attributes['error.type'] ? String(span.attributes['error.type']) : '',
      span.attributes['loyalty.retry_count'] === undefined
        ? ''
        : `retry_count ${span.attributes['loyalty.retry_count']}`,
    ]
      .filter(Boolean)
      .join(', ');
    const bar = `<rect x="${x(ms(span.startTime)).toFixed(1)}" y="${y + 6}" width="${Math.max(2, x(ms(span.endTime)) - x(ms(span.startTime))).toFixed(1)}" height="16" rx="3" fill="${failed ? '#d9534f' : depth === 0 ? '#6c757d' : '#2b7bb9'}"/>`;
    const events = span.events
      .map((event) => {
        const at = x(ms(event.time));
        const delay = event.attributes?.['loyalty.retry.delay_ms'];
        return `<line x1="${at.toFixed(1)}" y1="${y + 2}" x2="${at.toFixed(1)}" y2="${y + 26}" stroke="#f0ad4e" stroke-width="2"/><text x="${(at + 4).toFixed(1)}" y="${y + 38}" font-size="11" fill="#a86b00">${escapeXml(event.name)}${delay === undefined ? '' : ` (wait ${delay} ms)`}</text>`;
      })
      .join('');
    return `<text x="${10 + depth * 16}" y="${y + 18}" font-size="13" fill="#222">${escapeXml(span.name)}</text><text x="${10 + depth * 16}" y="${y + 34}" font-size="11" fill="#666">${escapeXml(detail)}</text>${bar}${events}`;
  });
  const height = top + ordered.length * rowHeight + 10;
  const width = labelWidth + chartWidth + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="22" font-size="14" font-weight="bold" fill="#222">A retried keyed write: spans of one run (${(end - start).toFixed(0)} ms)</text>
${rows.join('\n')}
</svg>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spans = await recordRetriedWrite();
  for (const span of spans) {
    console.log(
      JSON.stringify({
        name: span.name,
        kind: span.kind,
        parent: spans.find((candidate) => candidate.spanContext().spanId === span.parentSpanContext?.spanId)
          ?.name,
        durationMs: Math.round(ms(span.endTime) - ms(span.startTime)),
        attributes: span.attributes,
        events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
        status: span.status,
      }),
    );
  }
  await writeFile(out, drawWaterfall(spans));
  console.log(`wrote ${out}`);
  process.exit(0);
}
