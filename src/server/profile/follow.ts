import type { Json } from '../../core/index.js';
import type { Operation, OperationId } from '../../operations/table.js';
import type { EngineRequest, EngineResponse } from '../answers/response.js';
import { followDocumentFacts } from './document.js';
import { followFailureFacts, followScopeFacts } from './failures.js';
import type { ProfileFact, ServiceProfile } from './format.js';
import { followHeaderFacts } from './headers.js';
import { changeEnvelope } from './json.js';
import { type Loosened, loosenedBy } from './looser.js';
import { followRecordFacts } from './records.js';
import { followStatusFacts } from './statuses.js';

type FactOf<Kind extends ProfileFact['kind']> = Extract<ProfileFact, { kind: Kind }>;

/** The calibrations of what the service's document declares: the OpenAPI document follows them. */
const DOCUMENT_KINDS: readonly ProfileFact['kind'][] = [
  'limit',
  'parameter',
  'operation-missing',
  'scope',
  'operation-extra',
];
type DocumentKind = 'limit' | 'parameter' | 'operation-missing' | 'scope' | 'operation-extra';

/** A profile's calibrations by operation and kind: what the engine's steps and answers look up. */
export interface Calibration {
  facts<Kind extends ProfileFact['kind']>(operationId: string, kind: Kind): FactOf<Kind>[];
  /** What the OpenAPI document follows, of every operation: limits, parameter rules, scopes, operations missing or extra. */
  readonly document: FactOf<DocumentKind>[];
  /** Whether the service lacks the operation: it is then answered as a route that does not exist. */
  lacks(operationId: string): boolean;
  /** The service's rate limit, as a sandbox burst met it (undefined: the reference server's). */
  readonly rateLimit: FactOf<'rate-limit'> | undefined;
  /** The bounds of the operation a probe measured looser than the table's (undefined: none). */
  loosened(operation: Operation): Loosened | undefined;
}

/** Where facts of the service as a whole are kept (no operation id is empty). */
const SERVICE = '';

export function calibrationOf(profile: ServiceProfile): Calibration {
  const byOperation = new Map<string, ProfileFact[]>();
  for (const fact of profile.calibrations)
    byOperation.set(fact.operationId ?? SERVICE, [
      ...(byOperation.get(fact.operationId ?? SERVICE) ?? []),
      fact,
    ]);
  // A fact of the service as a whole holds for each operation.
  const facts = <Kind extends ProfileFact['kind']>(operationId: string, kind: Kind) =>
    [...(byOperation.get(operationId) ?? []), ...(byOperation.get(SERVICE) ?? [])].filter(
      (fact): fact is FactOf<Kind> => fact.kind === kind,
    );
  // A limit or scope a probe met is how the service answers, not what its document declares.
  const document = profile.calibrations.filter(
    (fact): fact is FactOf<DocumentKind> =>
      DOCUMENT_KINDS.includes(fact.kind) &&
      ((fact.kind !== 'limit' && fact.kind !== 'scope') || fact.source === 'document'),
  );
  const loosened = new Map<string, Loosened | undefined>();
  return {
    facts,
    document,
    lacks: (operationId) => facts(operationId, 'operation-missing').length > 0,
    rateLimit: facts(SERVICE, 'rate-limit').at(-1),
    loosened(operation) {
      if (!loosened.has(operation.id))
        loosened.set(operation.id, loosenedBy(operation, facts(operation.id, 'limit')));
      return loosened.get(operation.id);
    },
  };
}

const OPENAPI: OperationId = 'openapi.retrieve';

/**
 * An answer of `operationId` to `request` as the profiled service gives it: its refusal statuses,
 * codes and `details` form, its record fields, its headers; the OpenAPI document as its own
 * (`holds`: whether the request's key holds a scope, for the operations only the service has).
 */
export function followAnswer(
  calibration: Calibration,
  operationId: string,
  request: EngineRequest,
  response: EngineResponse,
  holds: (scope: string) => boolean = () => true,
): EngineResponse {
  let out = followStatusFacts(calibration.facts(operationId, 'status'), request, response);
  out = followHeaderFacts(calibration.facts(operationId, 'header'), out);
  if (out.status === 200 && operationId === OPENAPI && calibration.document.length > 0)
    return changeEnvelope(out, (envelope) =>
      followDocumentFacts(envelope.data as Json, calibration.document, holds),
    );
  if (out.status === 200) {
    const fields = calibration.facts(operationId, 'field');
    return fields.length === 0
      ? out
      : changeEnvelope(out, (envelope) => followRecordFacts(envelope.data, fields));
  }
  const codes = calibration.facts(operationId, 'error-code');
  const details = calibration.facts(operationId, 'details');
  const scopes = out.status === 403 ? calibration.facts(operationId, 'scope') : [];
  if (out.status < 400 || codes.length + details.length + scopes.length === 0) return out;
  return changeEnvelope(out, (envelope) => {
    followFailureFacts(envelope, out.status, codes, details);
    followScopeFacts(envelope, scopes);
  });
}
