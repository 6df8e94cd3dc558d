import type { Fail } from '../core/index.js';
/**
 * The most that group actions may reach and grant (their dry runs' `afectados` and
 * `costoEstimado`): per call as a request option, for a whole job as a bulk option.
 */
export interface GroupActionBudget {
  /** Customers reached, at most. */
  afectados?: number | undefined;
  /** Points granted or removed, at most, in absolute value. */
  costoEstimado?: number | undefined;
}

/** What a group action's dry run says it would do. */
export interface DryRunFigures {
  afectados: number;
  costoEstimado: number;
}

/** Whether a group action fits its budget; when not, what was spent before it. */
export type BudgetVerdict = { ok: true } | { ok: false; spent: DryRunFigures };

const BUDGET_NAMES = ['afectados', 'costoEstimado'] as const;

/** The job's budget carries this method: a claim adds to the job's total when it fits. */
const BUDGET_CLAIM: unique symbol = Symbol.for('loyalty-sdk.budget-claim');

export type BudgetLedger = GroupActionBudget & {
  readonly [BUDGET_CLAIM]: (figures: DryRunFigures) => BudgetVerdict;
};

/** A budget option checked: an object of known names, each a non-negative number. */
export function checkBudget(value: unknown, what: string, fail: Fail): GroupActionBudget | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null)
    fail(`${what} must be an object: { afectados?, costoEstimado? }`);
  for (const name of Object.keys(value as object)) {
    if (!(BUDGET_NAMES as readonly string[]).includes(name) && !(BUDGET_CLAIM in (value as object))) {
      fail(`Unknown ${what} field "${name}": the budget has afectados and costoEstimado`);
    }
  }
  for (const name of BUDGET_NAMES) {
    const limit = (value as GroupActionBudget)[name];
    if (limit !== undefined && !(typeof limit === 'number' && Number.isFinite(limit) && limit >= 0)) {
      fail(`${what}.${name} must be a non-negative number, got ${String(limit)}`);
    }
  }
  return value as GroupActionBudget;
}

const fits = (budget: GroupActionBudget, total: DryRunFigures): boolean =>
  (budget.afectados === undefined || total.afectados <= budget.afectados) &&
  (budget.costoEstimado === undefined || total.costoEstimado <= budget.costoEstimado);

export const isBudgetLedger = (budget: GroupActionBudget): budget is BudgetLedger => BUDGET_CLAIM in budget;

/** Whether one group action fits `budget`: alone for a call's budget, with the job's total for a job's. */
export function claimBudget(budget: GroupActionBudget, figures: DryRunFigures): BudgetVerdict {
  if (isBudgetLedger(budget)) return budget[BUDGET_CLAIM](figures);
  const alone = { afectados: figures.afectados, costoEstimado: Math.abs(figures.costoEstimado) };
  return fits(budget, alone) ? { ok: true } : { ok: false, spent: { afectados: 0, costoEstimado: 0 } };
}

/**
 * A job's budget: the group actions of the job together. A claim that fits is added to the total
 * at once (calls in flight claim one after the other), and stays added whatever the action's
 * outcome: one whose answer is lost may have been applied.
 */
export function createBudgetLedger(budget: GroupActionBudget): BudgetLedger {
  const spent: DryRunFigures = { afectados: 0, costoEstimado: 0 };
  return Object.freeze({
    ...budget,
    [BUDGET_CLAIM]: (figures: DryRunFigures): BudgetVerdict => {
      const total = {
        afectados: spent.afectados + figures.afectados,
        costoEstimado: spent.costoEstimado + Math.abs(figures.costoEstimado),
      };
      if (!fits(budget, total)) return { ok: false, spent: { ...spent } };
      Object.assign(spent, total);
      return { ok: true };
    },
  });
}
