import { pathParamNames } from '../../operations/define.js';
import { type Operation, operations } from '../../operations/table.js';
import type { ProbeAnswer } from '../answer.js';
import { baseQuery, refusalBase } from '../base-request.js';
import { FOUND_BY } from '../listers.js';
import { NONEXISTENT, NOWHERE_CANDIDATES, type ParamValue, type Probe } from '../probe.js';
import type { Run } from '../run.js';
import type { Samples, VerifyMode } from '../types.js';
import { sendProbe } from './send.js';

/**
 * Safe identifiers: a write's refusal probe is aimed at an identifier that names nothing, so that
 * even a service that took what it should refuse changes nothing. A real service may hold any
 * identifier, so before the first such write a read shows that it names nothing; when the read
 * finds a record, another is tried, and when none of a few can be shown to name nothing, the
 * writes are not sent. In safe mode only a direct read of the identifier (a GET naming it alone)
 * answered 404 shows it, for every identifier a write names (one a probe breaks a rule with too);
 * a list read cannot (the spec does not show its pagination), nor a dry run (a write). Sandbox mode
 * also takes the answer the reference gives for an identifier it does not hold (a 422 for a group's
 * dry run) and a list read without it.
 */

/** How a read tells whether an identifier names a record: an operation of the table, and how to read its answer. */
interface Lookup {
  operation: Operation;
  /** `by-id`: the answer says (a GET or a dry run naming the id); `in-list`: a list read whose items carry the id. */
  how: 'by-id' | 'in-list';
}

const isNowhere = (value: ParamValue): value is string | number =>
  value === NONEXISTENT.string || value === NONEXISTENT.integer;

const onlyParam = (operation: Operation, name: string) => {
  const names = pathParamNames(operation.path);
  return names.length === 1 && names[0] === name;
};

/**
 * The reads that tell of `name` in `mode`, from the table, in the order they are preferred: a GET
 * naming it alone; in sandbox mode, a group action's dry run, then a list read whose items carry
 * it. The first the key may call is used.
 */
function lookupsOf(name: string, mode: VerifyMode): Lookup[] {
  const direct = operations.filter((operation) => operation.method === 'GET' && onlyParam(operation, name));
  if (mode === 'safe') return direct.map((operation) => ({ operation, how: 'by-id' }));
  const byId = direct
    .concat(operations.filter((operation) => operation.groupAction && onlyParam(operation, name)))
    .map((operation): Lookup => ({ operation, how: 'by-id' }));
  const lister = operations.find((operation) => operation.id === FOUND_BY[name as keyof Samples]);
  return lister ? [...byId, { operation: lister, how: 'in-list' }] : byId;
}

/** The lookup of `name` a run uses: the first the service lists for the key (before discovery: the first). */
function lookupOf(name: string, mode: VerifyMode, run?: Run): Lookup | undefined {
  const all = lookupsOf(name, mode);
  return run === undefined ? all[0] : all.find((lookup) => run.lists.has(lookup.operation.id));
}

/** The request of a lookup: valid, naming `id` (a group action as its dry run). */
function lookupProbe(lookup: Lookup, name: string, id: string | number): Probe {
  const { operation } = lookup;
  const base = refusalBase(operation, () => `loyalty-verify-lookup-${name}-${String(id).slice(-12)}`);
  return {
    ...base,
    purpose: operation.method === 'GET' ? 'read' : 'dry-run',
    refusal: false,
    key: 'own',
    params: lookup.how === 'by-id' ? { [name]: id } : {},
    query: baseQuery(operation) ?? {},
    target: 'response',
    check: `safe id: ${name} ${id} names nothing`,
  };
}

type Presence = 'absent' | 'present' | 'unknown';

async function presenceOf(run: Run, lookup: Lookup, probe: Probe, id: string | number): Promise<Presence> {
  const answer: ProbeAnswer | undefined = await sendProbe(run, probe);
  if (answer === undefined) return 'unknown';
  if (lookup.how === 'in-list') {
    const data = answer.status === 200 ? answer.envelope?.data : undefined;
    if (!Array.isArray(data)) return 'unknown';
    const name = Object.keys(FOUND_BY).find((one) => FOUND_BY[one as keyof Samples] === lookup.operation.id);
    return data.some((item) => String((item as Record<string, unknown>)?.[name ?? '']) === String(id))
      ? 'present'
      : 'absent';
  }
  if (answer.status === 404) return 'absent';
  if (answer.status >= 200 && answer.status < 300) return 'present';
  if (run.options.mode === 'safe') return 'unknown';
  // The service's own not-found answer: as the reference answers an id it does not hold.
  const expected = await run.reference!.send(probe, run.found);
  const same =
    answer.status >= 400 &&
    answer.status === expected.status &&
    answer.envelope !== undefined &&
    answer.envelope.codigoRespuesta === expected.envelope?.codigoRespuesta;
  return same ? 'absent' : 'unknown';
}

const candidatesOf = (planned: string | number) =>
  typeof planned === 'string' ? NOWHERE_CANDIDATES.string : NOWHERE_CANDIDATES.integer;

/** The identifier of `name` a read showed to name nothing (looked up once a run); null: none could be shown. */
export async function nowhereId(
  run: Run,
  name: string,
  planned: string | number,
): Promise<string | number | null> {
  const known = run.nowhere.get(name);
  if (known !== undefined) return known;
  const lookup = lookupOf(name, run.options.mode, run);
  let found: string | number | null = null;
  if (lookup) {
    for (const id of candidatesOf(planned)) {
      if (run.stopped) return null;
      if ((await presenceOf(run, lookup, lookupProbe(lookup, name, id), id)) === 'absent') {
        found = id;
        break;
      }
    }
  }
  run.nowhere.set(name, found);
  return found;
}

/**
 * Why safe mode never sends a write probe, whatever the service answers: it names an identifier
 * no GET names alone (a task's, a group's: a list read cannot show that one names nothing, as its
 * pagination is not shown, and a dry run is a write), or one the probe breaks a rule with (a
 * correct service refuses the read of it too). Undefined for a read, and for a write whose
 * identifiers a GET may show to name nothing.
 */
export function neverSafe(probe: Probe): string | undefined {
  if (probe.operation.method === 'GET') return undefined;
  for (const [name, value] of Object.entries(probe.params)) {
    if (typeof value === 'object') continue;
    if (!isNowhere(value))
      return `its ${name} is the value under test, which no read can show to name nothing (a correct service refuses the read too): not sent in safe mode; --mode sandbox sends it`;
    if (lookupsOf(name, 'safe').length === 0)
      return `no read of the table names a ${name} alone, and a list read cannot show that one names nothing (its pagination is not shown): not sent in safe mode; --mode sandbox sends it`;
  }
  return undefined;
}

/** Why a write was not sent, for the coverage: no identifier of `name` was shown to name nothing. */
function unsafeNote(run: Run, name: string, planned: string | number): string {
  const { mode } = run.options;
  const lookup = lookupOf(name, mode, run);
  if (lookup === undefined) {
    const reads = lookupsOf(name, mode).map((one) => one.operation.id);
    return reads.length === 0
      ? `no read of the table shows whether a ${name} names a record`
      : `the key may call none of the reads that show whether a ${name} names a record (${reads.join(', ')})`;
  }
  const tried = candidatesOf(planned).join(', ');
  return mode === 'safe'
    ? `${lookup.operation.id} did not answer 404 to any ${name} tried (${tried}): a write aimed at one could change a record`
    : `${lookup.operation.id} found a record at each ${name} tried (${tried}), or could not tell: a write aimed at one could change it`;
}

/**
 * The probe aimed at identifiers a read showed to name nothing, or why it must not be sent. A
 * read (GET) changes nothing whatever it names: as planned. In sandbox mode, an identifier a
 * probe breaks a rule with is sent as it is.
 */
export async function aimedAtNothing(run: Run, probe: Probe): Promise<Probe | { unsafe: string }> {
  if (probe.operation.method === 'GET') return probe;
  const never = run.options.mode === 'safe' ? neverSafe(probe) : undefined;
  if (never !== undefined) return { unsafe: never };
  const params: Record<string, ParamValue> = { ...probe.params };
  for (const [name, value] of Object.entries(probe.params)) {
    if (!isNowhere(value)) continue;
    const id = await nowhereId(run, name, value);
    if (id === null) return { unsafe: unsafeNote(run, name, value) };
    params[name] = id;
  }
  return { ...probe, params };
}

/** The first lookup of each identifier the write refusals of a plan are aimed at: what `--plan` shows. */
export function plannedLookups(refusals: readonly Probe[], mode: VerifyMode): Probe[] {
  const names = new Map<string, string | number>();
  for (const probe of refusals) {
    if (probe.operation.method === 'GET') continue;
    for (const [name, value] of Object.entries(probe.params))
      if (isNowhere(value) && !names.has(name)) names.set(name, value);
  }
  return [...names].flatMap(([name, id]) => {
    const lookup = lookupOf(name, mode);
    return lookup ? [{ ...lookupProbe(lookup, name, id), lookup: { name, id } }] : [];
  });
}
