/**
 * verifyService against a service that misbehaves over HTTP (issue "A hostile or broken service"):
 * an answer nested 100,000 deep is not the API's envelope (never a stack overflow); a service that
 * holds a probe ends the run at the first, `unverified`, naming `timeoutMs`; an endless answer is
 * read only up to the limit; and an echoed key is in no result or report.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/client/options.js';
import { createReferenceServer } from '../../src/server/index.js';
import { renderJUnitReport, renderMarkdownReport, verifyService } from '../../src/verify/index.js';
import {
  afterDiscovery,
  deepJson,
  echoKey,
  endlessBody,
  hostileService,
  type Misbehaviour,
  neverAnswer,
  secretFragments,
} from './hostile-service.js';

const KEY = 'hostile_verify_key_7c41e9a2d05b';
const reference = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
const upstream = await reference.listen({ port: 0 });
afterAll(() => reference.close());

/** A run of verify against `misbehaviour`, the reference server answering what it passes on. */
async function runAgainst(misbehaviour: Misbehaviour, options: { timeoutMs?: number } = {}) {
  const service = await hostileService(misbehaviour, upstream);
  try {
    return await verifyService({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      operations: ['tareas.list'],
      maxRequestsPerSecond: 1_000,
      ...options,
    });
  } finally {
    await service.close();
  }
}

describe('verify against a hostile service', () => {
  it.each([
    ['on discovery', deepJson(100_000)],
    ['on every probe after discovery', afterDiscovery(deepJson(100_000))],
  ])(
    'JSON nested 100,000 deep %s is not the envelope, said in words, never a stack overflow',
    async (_, deep) => {
      const result = await runAgainst(deep);
      const said = [result.reason ?? '', ...result.findings.map((finding) => String(finding.observed))];
      expect(said.join('\n')).toMatch(/JSON nested deeper than 1000 levels/);
      expect(result.verdict).not.toBe('agrees');
      expect(() => JSON.stringify(result)).not.toThrow();
    },
  );

  it('a deep answer to a probe is an error-shape finding at its status', async () => {
    const result = await runAgainst(afterDiscovery(deepJson(100_000)));
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'error-shape',
        operationId: 'tareas.list',
        location: 'response.200',
        observed: 'JSON nested deeper than 1000 levels',
        severity: 'breaking',
      }),
    );
  });

  it.each([
    ['on discovery', neverAnswer, 1],
    ['on the first probe after discovery', afterDiscovery(neverAnswer), 2],
  ])(
    'a service that never answers %s: unverified at the first timeout, one sentence naming timeoutMs',
    async (_, hang, sent) => {
      const result = await runAgainst(hang, { timeoutMs: 200 });
      expect(result.verdict).toBe('unverified');
      expect(result.failure).toBe('unreachable');
      expect(result.reason).toMatch(/no complete answer within 200 ms \(timeoutMs\)/);
      expect(result.reason).not.toContain('\n');
      // One timeout, not one per probe (the plan for tareas.list holds several).
      expect(result.requests).toHaveLength(sent);
    },
  );

  it('an endless answer to a probe is read up to the limit: an error-shape finding "answer over N bytes"', async () => {
    const result = await runAgainst(afterDiscovery(endlessBody));
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'error-shape',
        operationId: 'tareas.list',
        location: 'response',
        observed: `answer over ${DEFAULT_MAX_RESPONSE_BYTES} bytes, not read further`,
      }),
    );
  });

  it('an endless answer to discovery: unverified, not the API, the limit in the reason', async () => {
    const result = await runAgainst(endlessBody);
    expect(result.verdict).toBe('unverified');
    expect(result.failure).toBe('not-api');
    expect(result.reason).toContain(`answer over ${DEFAULT_MAX_RESPONSE_BYTES} bytes`);
  });

  it('a key the service echoes (in data, as a field name, in meta) is in no result, report or profile', async () => {
    // tareas.list answers a list: each item carries the key as a value and as a field's name.
    const result = await runAgainst(afterDiscovery(echoKey(KEY, [{ tareaId: 1, nota: KEY, [KEY]: 1 }])));
    const written = {
      json: JSON.stringify(result),
      markdown: renderMarkdownReport(result),
      junit: renderJUnitReport(result),
      profile: JSON.stringify(result.profile),
    };
    // The echo reached the result (a field named after the key), masked: the check can fail.
    expect(written.json).toContain(`****${KEY.slice(-4)}`);
    for (const [what, text] of Object.entries(written))
      for (const fragment of secretFragments(KEY)) expect(text, what).not.toContain(fragment);
  });
});
