// @ts-check
/**
 * One SDK call against a hostile service, in a process of its own so that its peak memory is its
 * own. The built package comes from `dist` (this tree's, or a build of another commit). Prints one
 * JSON line: how the call settled and everything the SDK handed on about it (the error and its
 * causes, the diagnostics channel, the log lines, the OpenTelemetry spans), never the data.
 *
 *   node sdk-call.mjs '{"dist":"...","baseUrl":"...","apiKey":"...","transport":"undici"|"fetch",
 *                       "call":"read"|"write","timeoutMs":2000,"maxRetries":0,"telemetry":false}'
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, inspect } from 'node:util';

const config = JSON.parse(process.argv[2] ?? '{}');
/** @param {unknown} value */
const shown = (value) => inspect(value, { depth: 8, breakLength: Number.POSITIVE_INFINITY });

/** @type {string[]} */
const handedOn = [];
const channel = tracingChannel('loyalty-sdk:request');
/** @param {string} event */
const onEvent = (event) => (/** @type {unknown} */ message) =>
  handedOn.push(`channel ${event}: ${shown(message)}`);
channel.subscribe({
  start: onEvent('start'),
  end: onEvent('end'),
  asyncStart: onEvent('asyncStart'),
  asyncEnd: onEvent('asyncEnd'),
  error: onEvent('error'),
});

/** @param {string} level */
const logLine =
  (level) =>
  (/** @type {unknown[]} */ ...args) =>
    handedOn.push(`log ${level}: ${format(...args)}`);
const logger = {
  error: logLine('error'),
  warn: logLine('warn'),
  info: logLine('info'),
  debug: logLine('debug'),
};

/** The spans, when asked: OpenTelemetry registered as an integrator registers it. */
async function openTelemetry() {
  if (!config.telemetry) return () => [];
  const { trace } = await import('@opentelemetry/api');
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import(
    '@opentelemetry/sdk-trace-base'
  );
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  return () =>
    exporter
      .getFinishedSpans()
      .map(
        (span) =>
          `span ${span.name}: ${shown({ attributes: span.attributes, status: span.status, events: span.events })}`,
      );
}

let settled = false;
/** @param {object} line @param {() => string[]} spans */
function report(line, spans) {
  settled = true;
  writeSync(1, `${JSON.stringify({ ...line, handedOn: [...handedOn, ...spans()] })}\n`);
}

// A call the runtime drops (its promise never settles, nothing keeps the loop alive) ends here,
// and with exit status 0, as a script's would: main() is not awaited at the top level.
process.on('exit', (code) => {
  if (!settled && code === 0) writeSync(1, `${JSON.stringify({ outcome: 'pending at exit', handedOn })}\n`);
});

async function main() {
  const spans = await openTelemetry();
  const sdk = await import(pathToFileURL(join(config.dist, 'index.js')).href);
  const client = new sdk.LoyaltyClient({
    apiKey: config.apiKey,
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    logger,
    logLevel: 'debug',
    ...(config.transport === 'fetch' ? { fetch: globalThis.fetch } : {}),
  });
  try {
    const data =
      config.call === 'write'
        ? await client.clientes.puntos.add('cli_0001', { puntos: 10, motivo: 'hostile' })
        : await client.clientes.retrieve('cli_0001');
    report({ outcome: 'resolved', dataType: typeof data }, spans);
  } catch (error) {
    const { name, message, status, location, limitBytes, receivedBytes } =
      /** @type {Record<string, unknown>} */ (error);
    report(
      {
        outcome: 'rejected',
        error: { name, message, status, location, limitBytes, receivedBytes },
        classes: classesOf(error),
        shown: shown(error),
      },
      spans,
    );
  }
  // Keep-alive sockets and a body still arriving would hold the process open.
  process.exit(0);
}

main();

/** @param {unknown} error */
function classesOf(error) {
  const names = [];
  for (
    let proto = Object.getPrototypeOf(error);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  )
    names.push(proto.constructor.name);
  return names;
}
