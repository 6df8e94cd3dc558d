import { isObject } from '../../core/index.js';
import { envelope } from '../../operations/envelope.js';
import { responseJsonSchema } from '../../operations/parameters.js';
import type { ProbeAnswer } from '../answer.js';
import { shapeFindings } from '../compare/findings.js';
import { diffShapes, type ShapeDifference } from '../compare/shapes.js';
import type { Probe } from '../probe.js';
import { expectedRecord } from '../profile-expect.js';
import { observationsOf } from '../profile-observe.js';
import { addFinding, cover, type Run, reproduceOf } from '../run.js';
import { idProblem, SAMPLE_NAMES } from '../sample-rules.js';
import { describeShape, inferShape, type Shape, shapeOfSchema } from '../shape.js';

/** The SDK's envelope without `data`: what every success carries around it. */
let envelopeShape: Shape | undefined;
function sdkEnvelope(): Shape {
  envelopeShape ??= shapeOfSchema(responseJsonSchema(envelope()));
  const { data: _, details: __, ...fields } = envelopeShape.fields ?? {};
  return { ...envelopeShape, fields };
}

/**
 * The first identifier of each name a list read's items carry, for later reads; kept aside, never
 * shown. One the table's rule for that path parameter refuses (`0`, `""`) is never used.
 */
function remember(run: Run, data: unknown): void {
  if (!Array.isArray(data)) return;
  for (const name of SAMPLE_NAMES) {
    if (run.found[name] !== undefined) continue;
    const value = data.find(
      (item): item is Record<string, unknown> => isObject(item) && idProblem(name, item[name]) === undefined,
    )?.[name];
    if (typeof value === 'string' || typeof value === 'number') run.found[name] = value;
  }
}

/** A success without `data`: the SDK resolves with nothing where its type promises the record. */
function noData(run: Run, probe: Probe, expected: Shape): void {
  const missing: ShapeDifference = {
    path: [],
    change: 'missing',
    expected: describeShape(expected),
    observed: 'absent',
    strict: true,
  };
  const reproduce = reproduceOf(run, probe);
  for (const finding of shapeFindings([missing], 'response.200.data', 'field', probe.operation.id, reproduce))
    addFinding(run, finding);
  cover(run, probe.operation.id, probe.check, 'observed');
}

/** A successful read or dry run: its envelope and its `data` against the SDK's record. */
export function checkSuccess(run: Run, probe: Probe, answer: ProbeAnswer): void {
  const { operation } = probe;
  const reproduce = reproduceOf(run, probe);
  const envelope = answer.envelope as Record<string, unknown>;
  const { data, details: _, ...rest } = envelope;
  const around = diffShapes(sdkEnvelope(), inferShape(rest), 'observed');
  for (const finding of shapeFindings(around, 'response.200', 'field', operation.id, reproduce))
    addFinding(run, finding);
  const expected = expectedRecord(operation, run.options.profile);
  if (!('data' in envelope)) {
    noData(run, probe, expected);
    return;
  }
  const observed = inferShape(data);
  observationsOf(run).records.set(operation.id, observed);
  for (const finding of shapeFindings(
    diffShapes(expected, observed, 'observed'),
    'response.200.data',
    'field',
    operation.id,
    reproduce,
  ))
    addFinding(run, finding);
  const empty = Array.isArray(data) && data.length === 0;
  cover(
    run,
    operation.id,
    probe.check,
    empty ? 'assumed' : 'observed',
    empty ? 'the list came back empty: its items are assumed' : undefined,
  );
  remember(run, data);
}
