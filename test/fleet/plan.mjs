// The fleet's workload, the same in the orchestrator and in every worker: movement `index` is a
// function of its index alone, so a worker started again regenerates exactly its items.

/** The opening balance of every customer: no movement plan can take it below zero. */
export const OPENING_BALANCE = 1_000_000;

/** @param {number} index */
export const uidOf = (index) => `fleet_${String(index).padStart(5, '0')}`;

/**
 * Movement `index` of a plan over `customers` customers: 1..500 points added or removed.
 * @param {number} index
 * @param {number} customers
 * @returns {{ id: string, uid: string, puntos: number }}
 */
export function movementOf(index, customers) {
  const hash = Math.imul(index + 1, 2654435761) >>> 0;
  const size = 1 + (hash % 500);
  return {
    id: `mv-${String(index).padStart(6, '0')}`,
    uid: uidOf((hash >>> 9) % customers),
    puntos: hash & 0x100000 ? size : -size,
  };
}

/**
 * The whole plan, read as it goes.
 * @param {number} count
 * @param {number} customers
 */
export function* movements(count, customers) {
  for (let index = 0; index < count; index++) yield movementOf(index, customers);
}
