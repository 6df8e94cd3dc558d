/**
 * The OpenTelemetry SDK as an integrator registers it, with in-memory exporters: spans as they
 * end, metrics when collected. Real libraries, registered on the global API as the Node SDK does.
 */
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

export interface OpenTelemetryHarness {
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The data points of every instrument so far (cumulative). */
  collect(): Promise<ResourceMetrics[]>;
  reset(): void;
  shutdown(): Promise<void>;
}

export function registerOpenTelemetry(): OpenTelemetryHarness {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // The interval never fires in a test: collect() flushes.
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    spans: () => spanExporter.getFinishedSpans(),
    async collect() {
      await reader.forceFlush();
      return metricExporter.getMetrics();
    },
    reset() {
      spanExporter.reset();
      metricExporter.reset();
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      contextManager.disable();
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** A data point as the tests read it: a sum's number, or a histogram's count, min and max. */
export interface Point {
  attributes: Record<string, unknown>;
  value: unknown;
}

/** The data points of the metric `name`, with their attributes. */
export async function dataPoints(harness: OpenTelemetryHarness, name: string): Promise<Point[]> {
  const collected = await harness.collect();
  const last = collected.at(-1);
  const points: Point[] = [];
  for (const metric of last?.scopeMetrics.flatMap((scope) => scope.metrics) ?? []) {
    if (metric.descriptor.name !== name) continue;
    for (const point of metric.dataPoints as readonly Point[]) points.push(point);
  }
  return points;
}
