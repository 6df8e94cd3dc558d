/**
 * The script behind docs/telemetry-waterfall.svg (`npm run docs:telemetry`) still records a retried
 * keyed write and draws every one of its spans, so the picture the doc shows can be made again.
 */
import { describe, expect, it } from 'vitest';
import { drawWaterfall, recordRetriedWrite } from './telemetry-waterfall.mjs';

describe('npm run docs:telemetry', () => {
  it('records the spans of a retried keyed write and draws each, with the retry event', async () => {
    const spans = await recordRetriedWrite();
    expect(spans.map((span) => span.name).sort()).toEqual([
      'POST /orders/8812/close',
      'clientes.puntos.add',
      'clientes.puntos.add attempt 1',
      'clientes.puntos.add attempt 2',
    ]);
    const svg = drawWaterfall(spans);
    for (const span of spans) expect(svg).toContain(`>${span.name}</text>`);
    expect(svg).toContain('loyalty.retry (wait ');
    expect(svg).toContain('status 500, InternalServerError');
  });
});
