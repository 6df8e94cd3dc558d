import { counted, LoyaltyError } from '../core/index.js';

// Named and branded with the client's errors (src/client/errors.ts): only the client throws it.
/**
 * A group action given a budget (the `budget` request option, or a bulk job's) was not applied:
 * its dry run says it would take the budget past one of its limits. Nothing was changed.
 */
export class LoyaltyBudgetError extends LoyaltyError {
  readonly operationId: string;
  /** What the refused action's dry run said it would reach and grant. */
  readonly afectados: number;
  readonly costoEstimado: number;
  /** The limits. */
  readonly budget: { afectados?: number | undefined; costoEstimado?: number | undefined };
  /** What the job's earlier group actions claimed (zeros for a single call's budget). */
  readonly spent: { afectados: number; costoEstimado: number };

  constructor(init: {
    operationId: string;
    target: string;
    afectados: number;
    costoEstimado: number;
    budget: { afectados?: number | undefined; costoEstimado?: number | undefined };
    spent: { afectados: number; costoEstimado: number };
  }) {
    const limits = [
      init.budget.afectados === undefined ? undefined : `afectados ${init.budget.afectados}`,
      init.budget.costoEstimado === undefined ? undefined : `costoEstimado ${init.budget.costoEstimado}`,
    ].filter(Boolean);
    const spent =
      init.spent.afectados > 0 || init.spent.costoEstimado > 0
        ? `; spent before it: afectados ${init.spent.afectados}, costoEstimado ${init.spent.costoEstimado}`
        : '';
    super(
      `${init.operationId} (${init.target}) was not applied: its dry run reaches ${counted(init.afectados, 'customer')} ` +
        `for costoEstimado ${init.costoEstimado}, over the budget (${limits.join(', ')}${spent}). Nothing was changed.`,
    );
    this.operationId = init.operationId;
    this.afectados = init.afectados;
    this.costoEstimado = init.costoEstimado;
    this.budget = {
      ...(init.budget.afectados === undefined ? {} : { afectados: init.budget.afectados }),
      ...(init.budget.costoEstimado === undefined ? {} : { costoEstimado: init.budget.costoEstimado }),
    };
    this.spent = init.spent;
  }

  override toJSON(): Record<string, unknown> {
    const { operationId, afectados, costoEstimado, budget, spent } = this;
    return { ...super.toJSON(), operationId, afectados, costoEstimado, budget, spent };
  }
}
