import { checkBudget, claimBudget, type DryRunFigures, isBudgetLedger } from '../bulk/index.js';
import { fail } from '../core/index.js';
import type { OperationRow } from '../operations/define.js';
import { API_PREFIX } from '../operations/limits.js';
import type { ApiResponse } from './api-promise.js';
import { execute } from './call.js';
import type { CallContext } from './call-context.js';
import { LoyaltyBudgetError } from './errors.js';
import type { RequestOptions } from './options.js';
import type { OperationInput } from './prepare.js';

function figuresOf(data: unknown): DryRunFigures {
  const { afectados, costoEstimado } = (data ?? {}) as Partial<Record<keyof DryRunFigures, unknown>>;
  if (typeof afectados !== 'number' || typeof costoEstimado !== 'number') {
    fail(
      'The dry run answered without afectados and costoEstimado: the budget cannot be checked, nothing was applied',
    );
  }
  return { afectados: afectados as number, costoEstimado: costoEstimado as number };
}

/**
 * A call whose options hold a `budget`. A group action runs its dry run first (a request and a
 * group action of its own, with a fresh Idempotency-Key: it changes nothing), and is applied
 * with the caller's key only when its figures fit the budget; else `LoyaltyBudgetError`. A call
 * that is itself a dry run is sent as it is. Another operation refuses a budget given to it,
 * but ignores a job's (a job may mix group actions and other calls).
 */
export async function executeWithBudget<Data>(
  context: CallContext,
  operation: OperationRow,
  input: OperationInput,
  options: RequestOptions,
): Promise<ApiResponse<Data>> {
  const budget = checkBudget(options.budget, 'budget', fail);
  const rest: RequestOptions = { ...options, budget: undefined };
  if (budget === undefined) return execute(context, operation, input, rest);
  if (!operation.groupAction) {
    if (isBudgetLedger(budget)) return execute(context, operation, input, rest);
    fail(`budget applies to group actions (grupos.puntos.add, grupos.etiquetas.add), not to ${operation.id}`);
  }
  const body = (input.body ?? {}) as Record<string, unknown>;
  if (body.dryRun === true) return execute(context, operation, input, rest);
  const dryRun = await execute(
    context,
    operation,
    { ...input, body: { ...body, dryRun: true } },
    { ...rest, idempotencyKey: undefined },
  );
  const figures = figuresOf(dryRun.data);
  const verdict = claimBudget(budget, figures);
  if (!verdict.ok) {
    throw new LoyaltyBudgetError({
      operationId: operation.id,
      target: `${operation.method} ${API_PREFIX}${operation.path}`,
      ...figures,
      budget,
      spent: verdict.spent,
    });
  }
  return execute(context, operation, input, rest);
}
