import { isObject } from '../../core/index.js';
import { API_PREFIX } from '../../operations/limits.js';
import { isScope, type Scope } from '../../operations/scopes.js';
import { SPEC_RULES } from '../../operations/spec-rules.js';
import { type Operation, tableOperation } from '../../operations/table.js';
import { documentBasis, onReference, onSpec } from '../basis.js';
import { classifyAnswer, type Unusable } from '../classify.js';
import { shapeFindings } from '../compare/findings.js';
import { compareParameters, declaredParameters } from '../compare/parameters.js';
import { compareResponses, declaredDataShape } from '../compare/responses.js';
import { diffShapes } from '../compare/shapes.js';
import { type DocumentIndex, type DocumentOperation, indexDocument, routeKey } from '../document-index.js';
import { epochTime } from '../pacer.js';
import { discoveryProbe } from '../plan.js';
import { lackedByProfile } from '../profile-expect.js';
import { type ExtraOperation, observationsOf } from '../profile-observe.js';
import { createReferenceTarget, type ReferenceTarget } from '../reference.js';
import { addFinding, cover, type Run, reproduceOf, sendToService } from '../run.js';
import { checkDecoded } from './decoded.js';

/** What discovery learned: the service's document for the key, and the reference engine holding the same scopes. */
export interface Discovery {
  service: DocumentIndex;
  reference: DocumentIndex;
  scopes: Scope[];
  referenceTarget: ReferenceTarget;
}

/** The scopes the key holds, as far as the document shows: those of the operations it lists. */
function heldScopes(index: DocumentIndex): Scope[] {
  const held = new Set<Scope>();
  for (const [id, entry] of index.byOperation) {
    const declared = entry.item['x-scope'];
    if (isScope(declared)) held.add(declared);
    const { scope } = tableOperation(id);
    if (scope !== null) held.add(scope);
  }
  return [...held];
}

const itemLocation = (method: string, path: string) => `paths.${path}.${method.toLowerCase()}`;

/** An OpenAPI 3 version, as a real document states it (`3.0.3`); a mock that makes values up sends `"string"`. */
const OPENAPI_VERSION = /^3\.\d+(\.\d+)?$/;

/**
 * Why the data of the discovery answer is no OpenAPI document, in one sentence, naming a
 * placeholder as one; undefined when it is one.
 */
function notADocument(data: unknown): string | undefined {
  const where = `GET ${API_PREFIX}/openapi.json answered`;
  if (!isObject(data)) return `${where} an envelope whose data is no OpenAPI document.`;
  if (typeof data.openapi === 'string' && OPENAPI_VERSION.test(data.openapi) && isObject(data.paths))
    return undefined;
  const paths = isObject(data.paths) ? Object.keys(data.paths).length : 0;
  return `${where} a placeholder, not an OpenAPI document (openapi: ${JSON.stringify(data.openapi ?? null)}, ${paths} paths), as a mock makes one up from a schema without an example: the operations of the key cannot be known.`;
}

/** Sends the discovery request; an answer that is not the API's stops the run with its reason. */
export async function discover(run: Run): Promise<Discovery | Unusable> {
  const probe = discoveryProbe();
  const answer = await sendToService(run, probe, 'discovery');
  const unusable = classifyAnswer(answer, `GET ${API_PREFIX}/openapi.json`);
  if (unusable) return unusable;
  if (!('error' in answer)) checkDecoded(run, probe, answer);
  const data = 'error' in answer ? undefined : answer.envelope?.data;
  const unlike = notADocument(data);
  if (unlike) return { failure: 'not-envelope', reason: unlike };
  const document = data as Record<string, unknown>;
  const service = indexDocument(document);
  if (service.byOperation.size === 0)
    return {
      failure: 'not-envelope',
      reason: `GET ${API_PREFIX}/openapi.json answered an OpenAPI document that lists no operation of this API (${Object.keys(document.paths as object).length} paths, none that the SDK knows): not the service's document.`,
    };
  const others = [...service.byOperation.keys()].filter((id) => id !== 'openapi.retrieve');
  if (others.length === 0)
    return {
      failure: 'no-scope',
      reason:
        'The key holds no scope: the service lists only its OpenAPI document for it, so no operation could be checked.',
    };
  const scopes = heldScopes(service);
  const referenceTarget = createReferenceTarget(scopes, {
    profile: run.options.profile,
    // A profile's rate limit counts in the run's time, as the service's does.
    now: epochTime(run.options.clock),
  });
  const referenceAnswer = await referenceTarget.send(probe);
  const reference = indexDocument(referenceAnswer.envelope?.data as Record<string, unknown>);
  run.profile.push(
    { path: 'document.operations', value: [...service.byOperation.keys()], source: 'document' },
    { path: 'document.scopes', value: scopes, source: 'document' },
    {
      path: 'document.openapi',
      value: typeof document.openapi === 'string' ? document.openapi : null,
      source: 'document',
    },
  );
  return { service, reference, scopes, referenceTarget };
}

type DocumentItem = NonNullable<ReturnType<DocumentIndex['byOperation']['get']>>;

/** An operation both documents list: its declared scope, parameters, answers and record. */
function compareListed(
  run: Run,
  discovery: Discovery,
  operation: Operation,
  observed: DocumentItem,
  expected: DocumentItem | undefined,
  reproduce: string,
): void {
  const { service, reference } = discovery;
  const declaredScope = observed.item['x-scope'];
  // The expectation's scope: ours, or the one a profile says the service's document declares.
  const wantedScope = expected?.item['x-scope'] ?? operation.scope;
  if (declaredScope !== undefined && declaredScope !== wantedScope)
    addFinding(run, {
      kind: 'scope',
      operationId: operation.id,
      location: 'scope',
      expected: wantedScope,
      observed: declaredScope,
      severity: 'breaking',
      ...onSpec(SPEC_RULES.scope),
      reproduce,
    });
  if (expected === undefined) return;
  const differences = [
    ...compareParameters(
      declaredParameters(expected, reference.document),
      declaredParameters(observed, service.document),
    ),
    ...compareResponses(expected, reference.document, observed, service.document),
  ];
  for (const difference of differences)
    addFinding(run, {
      ...difference,
      ...documentBasis(operation, difference),
      operationId: operation.id,
      reproduce,
    });
  const declared = declaredDataShape(observed, service.document);
  if (declared.types.length === 0)
    cover(
      run,
      operation.id,
      'document: the record schema',
      'assumed',
      "the service's document declares no schema for data",
    );
  const shapes = diffShapes(declaredDataShape(expected, reference.document), declared, 'declared');
  for (const finding of shapeFindings(shapes, 'response.200.data', 'field', operation.id, reproduce))
    addFinding(run, finding);
}

/** One operation of the SDK in the service's document: missing, out of the key's scopes, or compared. */
function compareOperation(run: Run, discovery: Discovery, operation: Operation, reproduce: string): void {
  const observed = discovery.service.byOperation.get(operation.id);
  const expected = discovery.reference.byOperation.get(operation.id);
  const lacked = lackedByProfile(operation.id, run.options.profile);
  if (expected === undefined && observed === undefined) {
    const note = lacked ? 'the profile says the service lacks it' : `the key lacks ${operation.scope}`;
    cover(run, operation.id, 'document', 'skipped', note);
    return;
  }
  // What the document says, not what the service was seen doing: inferred.
  cover(run, operation.id, 'document', 'inferred');
  if (observed !== undefined && !lacked) {
    compareListed(run, discovery, operation, observed, expected, reproduce);
    return;
  }
  // Missing, or listed again where the profile says the service lacks it.
  addFinding(run, {
    kind: 'operation-missing',
    operationId: operation.id,
    location: itemLocation(operation.method, `${API_PREFIX}${operation.path}`),
    expected: lacked ? 'not listed' : 'listed',
    observed: observed === undefined ? 'not listed' : 'listed',
    severity: 'breaking',
    ...onSpec(SPEC_RULES.endpoints),
    reproduce,
  });
}

/** What a profile keeps of an operation the SDK lacks: its method, path, name and scope, as the document declared them. */
function extraOf({ method, path, item }: DocumentOperation): ExtraOperation {
  const scope = item['x-scope'];
  return {
    method,
    path,
    name: typeof item.operationId === 'string' ? item.operationId : null,
    scope: isScope(scope) ? scope : null,
  };
}

/** The service's document against the reference's for the same scopes: operations, parameters, answers, records. */
export function compareDocuments(run: Run, discovery: Discovery): void {
  const reproduce = reproduceOf(run, discoveryProbe());
  const { service, reference } = discovery;
  for (const operation of run.options.operations) compareOperation(run, discovery, operation, reproduce);
  // The reference lists an operation the SDK lacks only where a profile says the service has it.
  const listedBy = (index: DocumentIndex) =>
    new Set(index.extra.map((one) => routeKey(one.method, one.path)));
  const [seen, wanted] = [listedBy(service), listedBy(reference)];
  for (const extra of service.extra) {
    observationsOf(run).extras.set(itemLocation(extra.method, extra.path), extraOf(extra));
    if (!wanted.has(routeKey(extra.method, extra.path)))
      addFinding(run, {
        kind: 'operation-extra',
        operationId: null,
        location: itemLocation(extra.method, extra.path),
        expected: 'not in the SDK',
        observed: 'listed',
        severity: 'info',
        ...onReference(),
        reproduce,
      });
  }
  for (const extra of reference.extra.filter((one) => !seen.has(routeKey(one.method, one.path))))
    addFinding(run, {
      kind: 'operation-extra',
      operationId: null,
      location: itemLocation(extra.method, extra.path),
      expected: 'listed',
      observed: 'not listed',
      severity: 'info',
      ...onReference(),
      reproduce,
    });
  observationsOf(run).documentFindings = run.findings.length;
}
