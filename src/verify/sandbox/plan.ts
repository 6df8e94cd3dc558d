import { pathParamNames } from '../../operations/define.js';
import { type Operation, type OperationId, tableOperation } from '../../operations/table.js';
import { DEFAULT_LIMITS } from '../../server/internal.js';
import { baseQuery, keySource } from '../base-request.js';
import type { SkippedCheck } from '../plan.js';
import type { Probe } from '../probe.js';
import type { ProbePurpose, Samples } from '../types.js';

/**
 * The sandbox probes, from the table: a customer created (and marked as verify's), read back,
 * points added and read back, the creation replayed, a key sent again with another body and on
 * another operation, a group action applied after its dry run, and a burst of reads to the first
 * 429. Every write names the customer the run created, but the group action (on the sample group).
 */

/** What sandbox mode marks its records with: the customer's nombre, the movement's motivo, the tag. */
export const VERIFY_MARK = 'loyalty-verify';

/** Points added to the created customer: a small amount the table allows. */
const POINTS_ADDED = 1;

/**
 * The most requests the burst sends: twice the limit the reference server assumes (100 a second),
 * so that a service with our limit answers 429 well before it, and one up to twice as lenient too.
 */
export const BURST_BOUND = 2 * DEFAULT_LIMITS.rateLimit.limit;

/** The steps of a sandbox run, in the order they are sent. */
export const SANDBOX_STEPS = [
  'create',
  'readBack',
  'replay',
  'addPoints',
  'balance',
  'movements',
  'otherBody',
  'otherOperation',
  'dryRun',
  'apply',
  'burst',
] as const;

export type SandboxStep = (typeof SANDBOX_STEPS)[number];

export interface SandboxInput {
  operations: readonly Operation[];
  /** Whether the service's document lists the operation for the key (before discovery: all). */
  callable: (operation: Operation) => boolean;
  samples: Samples;
  runId: string;
}

export interface SandboxPlan {
  probes: Partial<Record<SandboxStep, Probe>>;
  skipped: SkippedCheck[];
}

/** The customer the run created, as its path parameter: found by the creation. */
const CREATED = { uid: { found: 'uid' as const } };

function probe(
  id: OperationId,
  purpose: ProbePurpose,
  check: string,
  parts: Partial<Omit<Probe, 'operation' | 'purpose' | 'check'>> = {},
): Probe {
  return {
    operation: tableOperation(id),
    purpose,
    check: `sandbox: ${check}`,
    target: 'response.200.data',
    key: 'own',
    params: {},
    query: {},
    refusal: false,
    ...parts,
  };
}

/** Each step's probe and the operations it needs besides its own (the creation, the points added). */
function customerSteps(runId: string, nextKey: () => string) {
  const creation = nextKey();
  const create = probe('clientes.create', 'write', 'create a customer', {
    body: { usuarioData: { nombre: VERIFY_MARK, email: `${VERIFY_MARK}-${runId}@example.com` } },
    idempotencyKey: creation,
  });
  const readBack = probe('clientes.retrieve', 'read', 'read the created customer', { params: CREATED });
  const points = { puntos: POINTS_ADDED, motivo: VERIFY_MARK };
  const addPoints = probe('clientes.puntos.add', 'write', 'add points to the created customer', {
    params: CREATED,
    body: points,
    idempotencyKey: nextKey(),
  });
  const steps: [SandboxStep, Probe, OperationId[]][] = [
    ['create', create, []],
    ['readBack', readBack, ['clientes.create']],
    ['replay', { ...create, check: 'sandbox: the same key and body again (a replay)' }, []],
    ['addPoints', addPoints, ['clientes.create']],
    [
      'balance',
      { ...readBack, check: 'sandbox: the balance moved by the points added' },
      ['clientes.create', 'clientes.puntos.add'],
    ],
    [
      'movements',
      probe('clientes.puntos.list', 'read', 'the movements of the created customer', { params: CREATED }),
      ['clientes.create', 'clientes.puntos.add'],
    ],
    [
      'otherBody',
      {
        ...addPoints,
        body: { ...points, puntos: POINTS_ADDED + 1 },
        check: 'sandbox: the same key with another body',
        refusal: true,
      },
      ['clientes.create'],
    ],
    [
      'otherOperation',
      {
        ...addPoints,
        idempotencyKey: creation,
        check: "sandbox: the creation's key on another operation",
        refusal: true,
      },
      ['clientes.create'],
    ],
  ];
  return steps;
}

function groupSteps(grupoId: number, nextKey: () => string): [SandboxStep, Probe, OperationId[]][] {
  const action = (dryRun: boolean) => ({
    params: { grupoId },
    body: { dryRun, etiqueta: VERIFY_MARK },
    idempotencyKey: nextKey(),
  });
  return [
    ['dryRun', probe('grupos.etiquetas.add', 'dry-run', 'a group action dry run', action(true)), []],
    [
      'apply',
      probe('grupos.etiquetas.add', 'write', 'the group action applied after its dry run', action(false)),
      [],
    ],
  ];
}

/** The cheapest read: the first of the table with no path parameter (the OpenAPI document is large). */
function burstProbe(usable: (operation: Operation) => boolean, operations: readonly Operation[]) {
  const read = operations.find(
    (operation) =>
      operation.method === 'GET' &&
      operation.id !== 'openapi.retrieve' &&
      pathParamNames(operation.path).length === 0 &&
      baseQuery(operation) !== undefined &&
      usable(operation),
  );
  return read
    ? probe(read.id, 'burst', `a burst of at most ${BURST_BOUND} reads to the first 429`, {
        query: baseQuery(read) ?? {},
        target: 'header.Retry-After',
      })
    : undefined;
}

/** The sandbox probes a run sends after the safe ones, and the checks it cannot make, with why. */
export function planSandbox(input: SandboxInput): SandboxPlan {
  const usable = (operation: Operation) =>
    input.operations.some((asked) => asked.id === operation.id) && input.callable(operation);
  const usableId = (id: OperationId) => usable(tableOperation(id));
  const nextKey = keySource(`${input.runId}-sandbox`);
  const probes: SandboxPlan['probes'] = {};
  const skipped: SkippedCheck[] = [];
  const grupoId = input.samples.grupoId?.[0];
  const steps = customerSteps(input.runId, nextKey);
  if (grupoId !== undefined) steps.push(...groupSteps(grupoId, nextKey));
  else
    skipped.push({
      operation: tableOperation('grupos.etiquetas.add'),
      check: 'sandbox: the group action applied after its dry run',
      note: 'no grupoId in samples',
    });
  for (const [step, planned, needs] of steps) {
    const missing = [planned.operation.id, ...needs].find((id) => !usableId(id));
    if (missing === undefined) probes[step] = planned;
    else
      skipped.push({
        operation: planned.operation,
        check: planned.check,
        note: `${missing} is not asked for or not listed for the key`,
      });
  }
  const burst = burstProbe(usable, input.operations);
  if (burst) probes.burst = burst;
  else
    skipped.push({
      operation: tableOperation('tareas.list'),
      check: 'sandbox: a burst of reads to the first 429',
      note: 'no read without a path parameter is asked for and listed for the key',
    });
  return { probes, skipped };
}

/** The plan's probes in the order they are sent (the burst's once, though it is sent up to BURST_BOUND times). */
export function sandboxSequence(plan: SandboxPlan): Probe[] {
  return SANDBOX_STEPS.flatMap((step) => plan.probes[step] ?? []);
}
