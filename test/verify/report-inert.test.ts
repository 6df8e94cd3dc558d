/**
 * Every string a service sent is inert in verify's Markdown report (issue 44, row 2): rendered as
 * GitHub renders a CI summary (markdown-it with GFM tables, autolinks and HTML on), a report built
 * from hostile strings has exactly the elements of the same report built from harmless ones (no
 * heading, link, image, HTML or table cell of the service's), and shows each string whole, as text.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import MarkdownIt, { type Token } from 'markdown-it';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/server/index.js';
import { renderJUnitReport, renderMarkdownReport, verifyService } from '../../src/verify/index.js';
import {
  MAX_SAID_CHARS,
  MAX_SHOWN_CHARS,
  markdownCode,
  markdownText,
} from '../../src/verify/report/markdown-text.js';
import type { VerifyResult } from '../../src/verify/types.js';
import { afterDiscovery, hostileService } from './hostile-service.js';

/** GitHub's rendering, a little stricter: bare domains (`evil.com`) link too, and e-mail addresses. */
function github() {
  const md = new MarkdownIt({ html: true, linkify: true });
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true });
  return md;
}

/** Every token, block and inline, in order. */
function tokensOf(markdown: string): Token[] {
  return github()
    .parse(markdown, {})
    .flatMap((token) => [token, ...(token.children ?? [])]);
}

/** What a report is made of, without its text: one entry per element (a cell left blank has no text). */
const shapeOf = (markdown: string) =>
  tokensOf(markdown)
    .filter((token) => token.type !== 'text')
    .map((token) => `${token.type}:${token.tag}:${token.nesting}:${token.level}`);

/** The text a reader sees, line by line (an inline token is a paragraph, a heading or a cell). */
const seenLines = (markdown: string) =>
  tokensOf(markdown)
    .filter((token) => token.type === 'inline')
    .map((token) => (token.children ?? []).map((child) => child.content).join(''));

/** How a string is shown: one line, each control and line separator as its escape (the spec of it). */
const VISIBLE_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const visible = (text: string) =>
  text.replace(
    /[\p{Cc}\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (char) => VISIBLE_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Every string of a result that a service sent, or that may quote it. */
interface Said {
  location: string;
  expected: string;
  observed: string;
  reproduce: string;
  id: string;
  on: string;
  check: string;
  note: string;
  reason: string;
  origin: string;
}

const SLOTS = [
  'location',
  'expected',
  'observed',
  'reproduce',
  'id',
  'on',
  'check',
  'note',
  'reason',
  'origin',
] as const satisfies readonly (keyof Said)[];

function resultSaying(said: Said): VerifyResult {
  return {
    verdict: 'differs',
    reason: said.reason,
    findings: (['breaking', 'differs', 'info'] as const).map((severity) => ({
      kind: 'field-added',
      operationId: 'tareas.list',
      location: said.location,
      expected: said.expected,
      observed: said.observed,
      severity,
      basis: 'reference' as const,
      reproduce: said.reproduce,
    })),
    coverage: [
      {
        operationId: 'tareas.list',
        checks: [
          { check: said.check, outcome: 'observed', how: 'observed', note: said.note },
          { check: 'document', outcome: 'inferred', how: 'inferred' },
        ],
      },
    ],
    profile: {
      format: 'loyalty-sdk/service-profile',
      version: 2,
      origin: said.origin,
      measuredAt: '2026-11-25T00:00:00.000Z',
      sdkVersion: '0.1.0',
      calibrations: [],
      entries: [],
    },
    requests: [
      { method: 'GET', path: '/ext/v3/openapi.json', purpose: 'discovery', status: 200, durationMs: 1 },
    ],
    created: [{ kind: 'movement', id: said.id, on: said.on, operationId: 'clientes.puntos.add' }],
    writesAccepted: [{ method: 'PATCH', path: `/ext/v3/clientes/${said.id}`, status: 200, why: said.note }],
  };
}

/** How much of each string a report shows: a value, a sentence of verify's, verify's own command. */
const SHOWN_CHARS: Record<keyof Said, number> = {
  location: MAX_SHOWN_CHARS,
  expected: MAX_SHOWN_CHARS,
  observed: MAX_SHOWN_CHARS,
  id: MAX_SHOWN_CHARS,
  on: MAX_SHOWN_CHARS,
  origin: MAX_SHOWN_CHARS,
  check: MAX_SAID_CHARS,
  note: MAX_SAID_CHARS,
  reason: MAX_SAID_CHARS,
  reproduce: Number.POSITIVE_INFINITY,
};

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}…`);

/** The same result, each string a harmless word (an empty one stays empty). */
const placeholders = (said: Said): Said =>
  Object.fromEntries(SLOTS.map((slot) => [slot, said[slot] === '' ? '' : `word${slot}`])) as unknown as Said;

const everySlot = (text: string): Said =>
  Object.fromEntries(SLOTS.map((slot) => [slot, text])) as unknown as Said;

/** Holds when the hostile report has the elements of the harmless one, and no other. */
function expectInert(said: Said): void {
  const report = renderMarkdownReport(resultSaying(said));
  expect(shapeOf(report)).toEqual(shapeOf(renderMarkdownReport(resultSaying(placeholders(said)))));
}

/** Holds when `text`, in `slot` of a report otherwise harmless, is seen whole (as far as its cut). */
function expectShown(slot: keyof Said, text: string): void {
  const report = renderMarkdownReport(resultSaying({ ...placeholders(everySlot('x')), [slot]: text }));
  expect(seenLines(report).join('\n'), slot).toContain(visible(cut(text, SHOWN_CHARS[slot])).trim());
}

/** What a service can write, piece by piece: each opens, closes or links something in some Markdown. */
const HOSTILE = [
  '`',
  '``',
  '```',
  '````',
  '` `',
  '\n\n# verify agrees\n\n',
  '# verify agrees',
  '\n===\n',
  '\n---\n',
  '[x](https://evil.com)',
  '![x](https://evil.com/p.png)',
  '[x]: https://evil.com',
  'https://evil.com',
  'http://evil.com/a?b=c',
  '//localhost/x',
  'www.evil.com',
  'evil.com',
  'mailto:a@evil.com',
  'a@evil.com',
  '<https://evil.com>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<!--',
  '-->',
  '<details open>',
  '&lt;img&gt;',
  '&#60;img&#62;',
  '|',
  '\\|',
  '| a | b |',
  '\r\n',
  '\r',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u202e',
  '\t',
  '\u0000',
  '\u001b[31m',
  '*a*',
  '**a**',
  '_a_',
  '~~a~~',
  '$x$',
  '> quote',
  '- item',
  '+ item',
  '1. item',
  '1) item',
  '    code',
  '~~~',
  '[^1]',
  '- [ ] task',
  ':smile:',
  '\\',
  ' ',
  '  ',
  '.',
  ':',
  '@',
];

describe("verify's Markdown report shows a service's strings as text", () => {
  it.each(HOSTILE.map((text) => [JSON.stringify(text), text]))(
    '%s in every string of the report writes no element, and is seen in each',
    (_, text) => {
      expectInert(everySlot(text));
      for (const slot of SLOTS) expectShown(slot, text);
    },
  );

  it('the pieces run together, in every string at once, write no element, and are seen as far as the cut', () => {
    const text = HOSTILE.join('');
    expectInert(everySlot(text));
    for (const slot of SLOTS) expectShown(slot, text);
  });

  // 300 renders take about 4 s alone; a loaded machine (the unit run's workers, two cores) can need five times that.
  it('any string built of those pieces and any characters, in each string of the report, writes no element', {
    timeout: 90_000,
  }, () => {
    const piece = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 6 }));
    const text = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join('').slice(0, 150));
    const said = fc.record(
      Object.fromEntries(SLOTS.map((slot) => [slot, text])) as Record<keyof Said, typeof text>,
    );
    fc.assert(
      fc.property(said, (strings) => {
        expectInert(strings);
        for (const slot of SLOTS) expectShown(slot, strings[slot]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("verify's JUnit file shows a service's strings as text", () => {
  /** Its elements and attributes, by name, in order: what an XML reader finds in it. */
  const markupOf = (xml: string) =>
    [...xml.matchAll(/<\/?([^\s/>]+)|\s([\w-]+)="/g)].map((match) => match[0]);

  it.each([
    ['every piece at once', HOSTILE.join('')],
    ['quotes and entities', `"'&amp;&#x3C;]]><![CDATA[x]]>`],
  ])('%s in every string of the result: the same elements and attributes as harmless words', (_, text) => {
    const said = everySlot(text);
    expect(markupOf(renderJUnitReport(resultSaying(said)))).toEqual(
      markupOf(renderJUnitReport(resultSaying(placeholders(said)))),
    );
  });
});

describe('a report cuts what a service sent', () => {
  const LONG = 'a'.repeat(100_000);

  it.each([
    ['a value (location, type, id)', markdownCode(LONG), MAX_SHOWN_CHARS],
    ['a sentence (reason, note)', markdownText(LONG), MAX_SAID_CHARS],
  ])('%s at its limit, with … where it was cut', (_, shown, max) => {
    expect(shown).toContain(`${'a'.repeat(max)}…`);
    expect(shown).not.toContain('a'.repeat(max + 1));
  });

  it('a surrogate pair at the cut is left out whole, never halved', () => {
    const shown = markdownCode(`${'a'.repeat(MAX_SHOWN_CHARS - 1)}😀😀`);
    expect(shown).toContain(`${'a'.repeat(MAX_SHOWN_CHARS - 1)}…`);
    expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('a report of three findings whose every string is 1 MB stays under 8 KB', () => {
    const said = everySlot('x'.repeat(1 << 20));
    const report = renderMarkdownReport(
      resultSaying({ ...said, reproduce: 'curl -sS -X GET http://svc.test/ext/v3/tareas' }),
    );
    expect(report.length).toBeLessThan(8 * 1024);
  });

  it('docs/verify.md states both limits', () => {
    const doc = readFileSync(new URL('../../docs/verify.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(
      `A value shows at most ${MAX_SHOWN_CHARS} characters and a sentence ${MAX_SAID_CHARS}`,
    );
  });

  it("verify's own command is never cut: it would not run", () => {
    const command = `curl -sS --data '${'x'.repeat(1_000)}'`;
    expect(markdownCode(command, { max: Number.POSITIVE_INFINITY })).toBe(`\`${command}\``);
  });
});

describe('a code span', () => {
  it.each([
    ['string', '`string`'],
    ['a`b', '``a`b``'],
    ['`', '`` ` ``'],
    ['a``b```c', '````a``b```c````'],
    [' padded ', '`  padded  `'],
    ['   ', '`   `'],
    ['', '(empty)'],
  ])('%j is %j', (text, shown) => {
    expect(markdownCode(text)).toBe(shown);
  });

  it('in a table cell escapes | (GFM splits cells before it reads code spans)', () => {
    expect(markdownCode('a|b', { inCell: true })).toBe('`a\\|b`');
  });
});

describe('a report of a run against a service that names its fields in Markdown', () => {
  const KEY = 'report_inert_key_2b7d41c9e0';
  const reference = createReferenceServer({ keys: [{ key: KEY, scopes: '*' }] });
  const upstream = reference.listen({ port: 0 });
  afterAll(() => reference.close());

  /** A field name of the issue's: a backtick and blank lines, then a heading, a link and an image. */
  const FIELD =
    'nota`\n\n# verify agrees\n\n[docs](https://evil.example) <img src=https://evil.example/x.png>\n\n`';

  it('holds no heading, link, image or HTML of the service, and names the field', async () => {
    const service = await hostileService(
      afterDiscovery((_, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const data = [{ tareaId: 1, titulo: 't', [FIELD]: 1 }];
        response.end(JSON.stringify({ codigoRespuesta: 0, msj: 'OK', data, meta: { requestId: 'r-1' } }));
        return true;
      }),
      await upstream,
    );
    try {
      const result = await verifyService({
        baseUrl: service.baseUrl,
        apiKey: KEY,
        operations: ['tareas.list'],
        maxRequestsPerSecond: 1_000,
      });
      const report = renderMarkdownReport(result);
      // The field reached the report: the check can fail.
      expect(result.findings.some((finding) => finding.location.includes(FIELD))).toBe(true);
      const tokens = tokensOf(report);
      const headings = tokens.flatMap((token, index) =>
        token.type === 'heading_open' ? [tokens[index + 1]?.content ?? ''] : [],
      );
      // The report's own headings only: the verdict, its sections, a severity, an operation.
      for (const heading of headings)
        expect(heading).toMatch(
          /^(loyalty verify: differs|Findings|(Breaking|Differs|Info) \(\d+\)|Coverage|tareas\.list \([^)]*\))$/,
        );
      expect(tokens.filter((token) => token.type === 'link_open' || token.type === 'image')).toEqual([]);
      expect(tokens.filter((token) => token.type.startsWith('html_'))).toEqual([]);
      expect(seenLines(report).some((line) => line.includes(visible(FIELD)))).toBe(true);
    } finally {
      await service.close();
    }
  });
});
