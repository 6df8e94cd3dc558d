// @ts-check
/**
 * One process of the telemetry cost bench (telemetry-cost.mjs): the same SDK built twice, one copy
 * that cannot load @opentelemetry/api (argv[3], a copy of dist/ beside no such package) and the
 * built package, which can; both measured in interleaved rounds against the fixed server at
 * argv[2]. With argv[4] = 'sdk', the OpenTelemetry SDK is registered first, with exporters that
 * drop what they get. Prints the results as one JSON line.
 */
import { metrics, trace } from '@opentelemetry/api';
import {
  AggregationTemporality,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { benchmarkInOneProcess } from './benchmark.mjs';
import { API_KEY } from './candidates.mjs';

const [, , baseUrl = '', withoutApiEntry = '', mode = 'api'] = process.argv;
const SUCCESS = { code: 0 };

if (mode === 'sdk') {
  /** @type {import('@opentelemetry/sdk-trace-base').SpanExporter} */
  const spanExporter = { export: (_spans, done) => done(SUCCESS), shutdown: async () => {} };
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(spanExporter)] }),
  );
  /** @type {import('@opentelemetry/sdk-metrics').PushMetricExporter} */
  const metricExporter = {
    export: (_metrics, done) => done(SUCCESS),
    forceFlush: async () => {},
    shutdown: async () => {},
    selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
  };
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 1_000 });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
}

const withoutApi = await import(withoutApiEntry);
const withApi = await import('loyalty-sdk');
const UID = 'c-0001';
const plain = new withoutApi.LoyaltyClient({ apiKey: API_KEY, baseUrl });
const observed = new withApi.LoyaltyClient({ apiKey: API_KEY, baseUrl });
/** @type {import('./candidates.mjs').Candidate[]} */
const candidates = [
  { name: 'without', kind: 'read', baseline: 'without', call: () => plain.clientes.retrieve(UID) },
  { name: 'with', kind: 'read', baseline: 'without', call: () => observed.clientes.retrieve(UID) },
];
const settings = {
  // More rounds than the main bench: the difference to find is a few per cent.
  rounds: Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 25),
  durationMs: Number(process.env.BENCH_MS ?? 300),
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 1000),
};
const results = await benchmarkInOneProcess(candidates, settings);
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
