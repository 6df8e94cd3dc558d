import { pathParamNames } from '../../operations/define.js';
import { operations } from '../../operations/table.js';
import { decodeWireParams } from '../../operations/wire.js';
import type { Samples } from '../../verify/index.js';
import { SAMPLE_NAMES } from '../../verify/sample-rules.js';
import { UsageError } from '../shared/usage-error.js';

/** Each sample name with an operation whose path takes it: the names are the table's path parameters. */
const TAKEN_BY = new Map(
  operations.flatMap((operation) => pathParamNames(operation.path).map((name) => [name, operation] as const)),
);

/**
 * `--sample NAME=VALUE`, repeated: the values of each name, each decoded as its path parameter
 * is (an integer id becomes a number). Whether a value is valid the run's options check says.
 */
export function parseSamples(given: readonly string[]): Samples {
  const samples: Record<string, unknown[]> = {};
  for (const pair of given) {
    const split = pair.indexOf('=');
    const name = split === -1 ? pair : pair.slice(0, split);
    const operation = TAKEN_BY.get(name);
    if (split === -1 || operation?.params === undefined) {
      throw new UsageError(
        `--sample takes NAME=VALUE with NAME one of ${SAMPLE_NAMES.join(', ')}; got ${JSON.stringify(pair)}`,
      );
    }
    const value = decodeWireParams(operation.params, { [name]: pair.slice(split + 1) })[name];
    samples[name] = [...(samples[name] ?? []), value];
  }
  return samples as Samples;
}
