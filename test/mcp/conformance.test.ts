/**
 * The MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, pinned, on Node 22 from the
 * runtime cache) against `loyalty mcp --http`, the built bin: each scenario that applies to this
 * server must pass with no warning; the others call the suite's own fixture tools, resources or
 * prompts, or capabilities this server does not offer, and docs/mcp.md says so for each
 * ("With the Inspector and the conformance suite"). Skipped, saying why, only when Node 22
 * cannot be installed.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureMcpTools } from '../support/runtime-cache.mjs';
import { ALL_SCOPES_KEY, httpServer, referenceServer } from './mcp-harness.js';

const run = promisify(execFile);

/** The scenarios that test this server, not the suite's fixtures. */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

/** Why each other scenario does not apply (docs/mcp.md gives the same reasons). */
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'no logging capability',
  'completion-complete': 'no completions capability',
  'tools-call-simple-text': 'calls the fixture tool test_simple_text',
  'tools-call-image': 'calls the fixture tool test_image_content',
  'tools-call-audio': 'calls the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'calls the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'calls the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'calls the fixture tool test_tool_with_logging',
  'tools-call-error': 'calls the fixture tool test_error_handling',
  'tools-call-with-progress': 'calls the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'calls the fixture tool test_sampling (no sampling here)',
  'tools-call-elicitation': 'calls the fixture tool test_elicitation (no elicitation here)',
  'json-schema-2020-12': 'looks for the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'calls the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'calls the fixture tool test_elicitation_sep1330_enums',
  'resources-read-text': 'reads the fixture resource test://static-text',
  'resources-read-binary': 'reads the fixture resource test://static-binary',
  'resources-templates-read': 'reads the fixture template test://template/{id}/data',
  'resources-subscribe': 'subscribes to the fixture test://watched-resource (no subscriptions here)',
  'resources-unsubscribe': 'unsubscribes from the fixture test://watched-resource',
  'prompts-list': 'no prompts',
  'prompts-get-simple': 'no prompts',
  'prompts-get-with-args': 'no prompts',
  'prompts-get-embedded-resource': 'no prompts',
  'prompts-get-with-image': 'no prompts',
};

function tools(): ReturnType<typeof ensureMcpTools> | string {
  try {
    return ensureMcpTools();
  } catch (error) {
    return `Node 22 or the conformance suite could not be installed: ${(error as Error).message.split('\n')[0]}`;
  }
}

const installed = tools();
if (typeof installed === 'string') console.warn(`conformance suite skipped: ${installed}`);

describe.skipIf(typeof installed === 'string')('the MCP conformance suite', async () => {
  const { node22, conformance } = installed as Exclude<typeof installed, string>;
  const suite = (args: string[]) =>
    run(node22, [conformance, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { PATH: '' } });

  it("lists no server scenario this test does not classify (a new one needs a decision and docs/mcp.md's line)", async () => {
    const { stdout } = await suite(['list', '--server']);
    const listed = [...stdout.matchAll(/^\s+- (\S+)/gm)].map((found) => found[1]);
    expect(listed.sort()).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
    const doc = readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
    for (const scenario of listed) expect(doc, scenario).toContain(`\`${scenario}\``);
  });

  const setup = await referenceServer();
  const served = await httpServer(setup.url, ALL_SCOPES_KEY);
  afterAll(() => served.stop());

  it.each(APPLICABLE)('%s passes, with no warning', async (scenario) => {
    const said = await suite(['server', '--url', served.url, '--scenario', scenario]).catch(
      (error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
    const result = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(said.stdout);
    expect(result, said.stdout + said.stderr).not.toBeNull();
    const [, , , failed, warnings] = result as RegExpExecArray;
    expect({ failed: Number(failed), warnings: Number(warnings) }, said.stdout).toEqual({
      failed: 0,
      warnings: 0,
    });
    expect(said.stdout).not.toContain(ALL_SCOPES_KEY);
  });
});
