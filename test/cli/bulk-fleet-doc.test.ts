/**
 * The Kubernetes Indexed Job of docs/bulk-jobs.md ("A fleet of CLI workers") is one that works:
 * an Indexed Job whose counts are its `--shard-count`, a `loyalty bulk` command line the CLI
 * accepts as it is (every flag in its option table), the key from a Secret.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BULK_OPTIONS, parseBulkArgs } from '../../src/cli/bulk/bulk-args.js';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'bulk-jobs.md'), 'utf8');

interface Container {
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}

/** The first yaml block of the section. */
function manifest() {
  const section = DOC.slice(DOC.indexOf('## A fleet of CLI workers'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block, 'a yaml block in "A fleet of CLI workers"').toBeDefined();
  const job = parse(block as string);
  const [container] = job.spec.template.spec.containers as Container[];
  const words = [...(container?.command ?? []), ...(container?.args ?? [])].map(String);
  const bulkAt = words.indexOf('bulk');
  expect(words[bulkAt - 1], words.join(' ')).toBe('loyalty');
  return { job, container: container as Container, bulkArgs: words.slice(bulkAt + 1) };
}

/** The value after `flag` in the command line. */
const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('docs/bulk-jobs.md: the Indexed Job manifest', () => {
  it('is an Indexed Job of 4 completions run 4 at a time', () => {
    const { job } = manifest();
    expect(job.kind).toBe('Job');
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4 });
  });

  it('gives --shard auto with --shard-count equal to its completions, and --redis', () => {
    const { job, bulkArgs } = manifest();
    expect(flagValue(bulkArgs, '--shard')).toBe('auto');
    expect(Number(flagValue(bulkArgs, '--shard-count'))).toBe(job.spec.completions);
    expect(flagValue(bulkArgs, '--redis')).toMatch(/^redis:\/\//);
  });

  it('uses only flags of the bulk command', () => {
    const { bulkArgs } = manifest();
    const flags = bulkArgs
      .filter((word) => word.startsWith('--'))
      .map((word) => word.slice(2).split('=')[0] ?? word);
    expect(flags.filter((flag) => !(flag in BULK_OPTIONS))).toEqual([]);
  });

  it('is a command line the CLI accepts as it is, in pod 3 of the Job', () => {
    const { bulkArgs, container } = manifest();
    const env = Object.fromEntries(
      (container.env ?? []).map(({ name, value }) => [name, value ?? 'lk_from_secret']),
    );
    const command = parseBulkArgs(bulkArgs, { ...env, JOB_COMPLETION_INDEX: '3' });
    expect(command?.shard).toMatchObject({ index: 3, count: 4 });
    expect(command?.redis).toBeDefined();
    expect(command?.rps).toBeDefined();
  });

  it('takes the API key from a Secret as LOYALTY_API_KEY', () => {
    const { container } = manifest();
    const key = container.env?.find(({ name }) => name === 'LOYALTY_API_KEY');
    expect(key?.value).toBeUndefined();
    expect(key?.valueFrom?.secretKeyRef).toMatchObject({ name: expect.any(String), key: expect.any(String) });
  });
});
