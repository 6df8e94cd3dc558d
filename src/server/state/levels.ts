import type { Nivel } from '../../types.js';

/** The highest level whose `puntosMinimos` the balance reaches; the lowest level when it reaches none. */
function levelFor(levels: readonly Nivel[], balance: number): Nivel | undefined {
  let reached = levels[0];
  for (const level of levels) {
    if (level.puntosMinimos <= balance) reached = level;
  }
  return reached;
}

export function levelNameFor(levels: readonly Nivel[], balance: number): string {
  return levelFor(levels, balance)?.nombre ?? '';
}
