/**
 * The session docs/mcp.md shows, driven for real: a lookup, a points correction and its replay,
 * a campaign previewed then applied. The page's transcript is this test's output (what varies per
 * run, request ids and derived keys, written as placeholders); UPDATE_MCP_TRANSCRIPT=1 writes it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import { ALL_SCOPES_KEY, referenceServer, stdioSession, structured } from './mcp-harness.js';

const PAGE = join(import.meta.dirname, '..', '..', 'docs', 'mcp.md');
const START = '<!-- transcript:start (test/mcp/transcript.test.ts writes it) -->';
const END = '<!-- transcript:end -->';

const setup = await referenceServer();

/** Request ids, derived keys and times change on every run; the page shows where they go. */
function steady(text: string): string {
  return text
    .replace(/"requestId":"[^"]+"/g, '"requestId":"<request id>"')
    .replace(/"idempotencyKey":"mcp-[0-9a-f]+"/g, '"idempotencyKey":"mcp-<derived>"')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
}

function step(title: string, tool: string, args: Record<string, unknown>, result: CallToolResult): string {
  const texts = result.content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`));
  const [json = '', ...notes] = texts;
  return [
    `**${title}**`,
    '',
    '```text',
    `→ tools/call ${tool} ${JSON.stringify(args)}`,
    `← ${result.isError ? 'isError: true ' : ''}${steady(json)}`,
    ...notes.map((note) => `← ${steady(note)}`),
    '```',
    '',
  ].join('\n');
}

it('the transcript of docs/mcp.md is what a session against the reference server says', async () => {
  const mcp = await stdioSession(setup.url, ALL_SCOPES_KEY);
  const lookup = { uid: 'cli_0001' };
  const correction = { uid: 'cli_0001', puntos: 200, motivo: 'Pedido 8812 roto' };
  const campaign = { grupoId: 1, puntos: 50, motivo: 'Campaña noviembre' };
  const results = {
    lookup: await mcp.call('clientes_retrieve', lookup),
    correction: await mcp.call('clientes_puntos_add', correction),
    retry: await mcp.call('clientes_puntos_add', correction),
    preview: await mcp.call('grupos_puntos_add', campaign),
    apply: await mcp.call('grupos_puntos_add', { ...campaign, apply: true }),
  };
  await mcp.close();
  expect(structured(results.retry).replayed).toBe(true);
  expect(structured(results.apply).data.dryRun).toBe(false);
  const transcript = [
    step('1. A lookup', 'clientes_retrieve', lookup, results.lookup),
    step('2. A points correction', 'clientes_puntos_add', correction, results.correction),
    step(
      '3. The same call again (a retry after a timeout): a replay, applied once',
      'clientes_puntos_add',
      correction,
      results.retry,
    ),
    step('4. A campaign: the first call is its dry run', 'grupos_puntos_add', campaign, results.preview),
    step(
      '5. Applied with the same arguments',
      'grupos_puntos_add',
      { ...campaign, apply: true },
      results.apply,
    ),
  ].join('\n');
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  expect(start, `docs/mcp.md holds ${START}`).toBeGreaterThan(-1);
  const written = `${page.slice(0, start + START.length)}\n\n${transcript}\n${page.slice(end)}`;
  if (process.env.UPDATE_MCP_TRANSCRIPT === '1') writeFileSync(PAGE, written);
  expect(
    page,
    'docs/mcp.md is out of date: UPDATE_MCP_TRANSCRIPT=1 npx vitest run test/mcp/transcript.test.ts',
  ).toBe(written);
});
