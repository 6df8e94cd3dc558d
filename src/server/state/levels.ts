import type { Level } from '../answers/response.js';

/** The highest level whose `puntosMinimos` the balance reaches; the lowest level when it reaches none. */
export function levelFor(levels: readonly Level[], balance: number): Level | undefined {
  let reached = levels[0];
  for (const level of levels) {
    if (level.puntosMinimos <= balance) reached = level;
  }
  return reached;
}

export function levelNameFor(levels: readonly Level[], balance: number): string {
  return levelFor(levels, balance)?.nombre ?? '';
}
