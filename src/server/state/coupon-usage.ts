const DAY_MS = 24 * 60 * 60 * 1_000;

/** FNV-1a: a small, stable hash, so usage figures are the same on every run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type DailyUsage = { fecha: string; canjes: number };

/** Coupons used per day from `inicio` to `fin` (both `YYYY-MM-DD`, inclusive), derived from the promotion and the date. */
export function dailyCouponUsage(
  regaloId: number,
  dailyMax: number,
  inicio: string,
  fin: string,
): DailyUsage[] {
  const days: DailyUsage[] = [];
  const last = Date.parse(`${fin}T00:00:00Z`);
  for (let day = Date.parse(`${inicio}T00:00:00Z`); day <= last; day += DAY_MS) {
    const fecha = new Date(day).toISOString().slice(0, 10);
    days.push({ fecha, canjes: fnv1a(`${regaloId}:${fecha}`) % (dailyMax + 1) });
  }
  return days;
}
