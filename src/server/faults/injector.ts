import type { FaultKind, FaultReport, ResolvedFaults } from './options.js';
import { FAULT_KINDS } from './options.js';
import { mulberry32 } from './prng.js';

export interface Decision {
  kind: FaultKind | undefined;
  delayMs: number;
}

function zeroCounts(): Record<FaultKind, number> {
  return Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
}

/**
 * Decides, request by request, which fault to inject. Decisions follow the order in which
 * requests arrive: the n-th request after start (or `restart`) always gets the n-th decision of
 * the seed's schedule.
 */
export class FaultInjector {
  #random: () => number = Math.random;
  #requests = 0;
  #stormLeft = 0;
  #delayed = 0;
  #injected = zeroCounts();

  constructor(readonly config: ResolvedFaults) {
    this.restart();
  }

  /** Back to the start of the seed's schedule, counters at zero. */
  restart(): void {
    this.#random = mulberry32(this.config.seed);
    this.#requests = 0;
    this.#stormLeft = 0;
    this.#delayed = 0;
    this.#injected = zeroCounts();
  }

  next(): Decision {
    const { sequence, latencyMs } = this.config;
    const index = this.#requests++;
    const kind = index < sequence.length ? sequence[index] : this.#draw();
    const [min, max] = latencyMs;
    const delayMs = min === max ? min : Math.round(min + (max - min) * this.#random());
    if (kind) this.#injected[kind] += 1;
    if (delayMs > 0) this.#delayed += 1;
    return { kind, delayMs };
  }

  report(): FaultReport {
    return {
      seed: this.config.seed,
      requests: this.#requests,
      injected: { ...this.#injected },
      delayed: this.#delayed,
    };
  }

  #draw(): FaultKind | undefined {
    if (this.#stormLeft > 0) {
      this.#stormLeft -= 1;
      return 'rateLimitStorm';
    }
    const value = this.#random();
    const hit = this.config.draw.find((entry) => value < entry.below);
    if (hit?.kind === 'rateLimitStorm') this.#stormLeft = this.config.stormLength - 1;
    return hit?.kind;
  }
}
