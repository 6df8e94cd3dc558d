interface Window {
  start: number;
  count: number;
}

/**
 * Counts events per id in fixed windows. `hit` records one event and answers 0 when it is
 * allowed, or else the milliseconds until the window ends.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  hit(id: string, now: number): number {
    if (this.limit === Number.POSITIVE_INFINITY) return 0;
    let window = this.#windows.get(id);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(id, window);
    }
    if (window.count >= this.limit) return Math.max(1, window.start + this.windowMs - now);
    window.count += 1;
    return 0;
  }

  clear(): void {
    this.#windows.clear();
  }
}
