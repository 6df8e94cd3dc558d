/** MCP's cells of issue 34's table, over stdio or HTTP: the tool call's answer. */
import { expect } from 'vitest';
import type { Measurement } from './measure.js';
import { CAP, otherOrigin, REDIRECT_QUERY_MARK, type Seen, type SeenBy } from './seen.js';

interface ToolResult {
  isError?: boolean;
  content?: { type: string; text?: string }[];
}

/** The tool call's result and its text: a JSON-RPC error is no answer a host can show. */
function resultOf(measurement: Measurement): { result: ToolResult; text: string } {
  const result = measurement.tool?.response?.result as ToolResult | undefined;
  expect(result, measurement.tool?.problem ?? 'a JSON-RPC error instead of a result').toBeDefined();
  const text = (result?.content ?? []).map((item) => item.text ?? '').join('\n');
  return { result: result ?? {}, text };
}

const isError = (rule: string, says: (measurement: Measurement, text: string) => void): Seen => ({
  rule,
  check(measurement) {
    const { result, text } = resultOf(measurement);
    expect(result.isError).toBe(true);
    says(measurement, text);
  },
});

const tooLarge = isError('answers isError naming maxResponseBytes and its bytes', (_measurement, text) => {
  expect(text).toMatch(/maxResponseBytes/);
  expect(text).toContain(String(CAP));
});

export const MCP_SEEN: SeenBy = {
  'redirect-307': isError(
    "answers isError naming the target's origin, never its query, and the baseUrl to set",
    (measurement, text) => {
      expect(text).toContain(otherOrigin(measurement));
      expect(text).toContain('baseUrl');
      expect(text).not.toContain(REDIRECT_QUERY_MARK);
    },
  ),
  '600mb': tooLarge,
  '200mb': tooLarge,
  endless: tooLarge,
  echo: {
    rule: 'answers a result, the key masked in it',
    check(measurement) {
      const { result, text } = resultOf(measurement);
      expect(result.isError).not.toBe(true);
      expect(text).toContain('****');
    },
  },
  'deep-json': isError(
    'answers isError in one sentence, never "Maximum call stack size exceeded"',
    (_m, text) => {
      expect(text).not.toMatch(/Maximum call stack/i);
    },
  ),
  'huge-numbers': {
    rule: 'answers a result',
    check(measurement) {
      expect(resultOf(measurement).result.isError).not.toBe(true);
    },
  },
  hang: isError('answers isError saying it timed out after its --timeout-ms', (measurement, text) => {
    expect(text).toContain(`timed out after ${measurement.scenario.timeoutMs} ms`);
  }),
};
