import { responseJsonSchema } from '../operations/parameters.js';
import type { Operation } from '../operations/table.js';
import { fieldPath, type ProfileFact, type ServiceProfile } from '../server/internal.js';
import { type FieldShape, type Shape, shapeOfSchema } from './shape.js';

type FieldFact = Extract<ProfileFact, { kind: 'field' }>;

/** The shape at `path` below `shape` (fields by name, `[]` for items), created as it goes. */
function holder(shape: Shape, path: readonly string[]): Shape | undefined {
  let current: Shape | undefined = shape;
  for (const part of path) {
    if (current === undefined) return undefined;
    current = part === '[]' ? current.items : current.fields?.[part]?.shape;
  }
  return current;
}

function follow(shape: Shape, fact: FieldFact): void {
  const path = fieldPath(fact.location);
  const name = path.at(-1);
  const parent = holder(shape, path.slice(0, -1));
  if (name === undefined || name === '[]' || parent === undefined) return;
  const fields: Record<string, FieldShape> = { ...parent.fields };
  if (fact.change === 'missing') delete fields[name];
  // What was observed is what a profiled service is expected to answer.
  else fields[name] = { shape: { types: [...fact.types] }, required: fields[name]?.required ?? true };
  parent.fields = fields;
}

/**
 * The shape of an operation's `data` a run expects: the SDK's record, with the profile's field
 * calibrations, as the reference server following that profile answers.
 */
export function expectedRecord(operation: Operation, profile: ServiceProfile | undefined): Shape {
  const shape = shapeOfSchema(responseJsonSchema(operation.data));
  const facts = (profile?.calibrations ?? []).filter(
    (fact): fact is FieldFact => fact.kind === 'field' && fact.operationId === operation.id,
  );
  if (facts.length === 0) return shape;
  const copy = structuredClone(shape);
  for (const fact of facts) follow(copy, fact);
  return copy;
}

/** Whether the profile says the service lacks the operation: the reference following it lacks it too. */
export function lackedByProfile(operationId: string, profile: ServiceProfile | undefined): boolean {
  return (profile?.calibrations ?? []).some(
    (fact) => fact.kind === 'operation-missing' && fact.operationId === operationId,
  );
}
