import { ERROR_CODES } from '../../operations/envelope.js';
import { type BaseMeta, failureResponse } from '../answers/envelope.js';
import { ApiFailure, rateLimited } from '../answers/failures.js';
import type { DeliveryFault, EngineResponse, FaultKind, FaultReport } from '../answers/response.js';
import { FAULT_KINDS, type ResolvedFaults } from './options.js';
import { mulberry32 } from './prng.js';

/** Names the injected fault on the answers that still reach the client, so no one mistakes it for a bug. */
export const FAULT_HEADER = 'x-loyalty-fault';

interface Decision {
  kind: FaultKind | undefined;
  delayMs: number;
}

type Answer = EngineResponse | Promise<EngineResponse>;

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

function injectedServerError(): ApiFailure {
  return new ApiFailure(500, ERROR_CODES.internal, 'Error interno del servidor (fallo inyectado)');
}

/** What an adapter that ignores `fault` delivers for a dropped request: an answer saying nothing was done. */
function connectionLost(): ApiFailure {
  return new ApiFailure(500, ERROR_CODES.internal, 'Conexión cortada antes de procesar (fallo inyectado)');
}

function marked(response: EngineResponse, kind: FaultKind): EngineResponse {
  return { ...response, headers: { ...response.headers, [FAULT_HEADER]: kind } };
}

/** A copy: the answer may be the one the idempotency store keeps for replays. */
function withFault(response: EngineResponse, fault: DeliveryFault): EngineResponse {
  return { ...response, fault };
}

function then(answer: Answer, change: (response: EngineResponse) => EngineResponse): Answer {
  return answer instanceof Promise ? answer.then(change) : change(answer);
}

/**
 * Answers one /ext/v3 request with the fault the injector decides. `process` runs the request
 * (and commits its effect); it must not throw. Faults "before processing" never call it.
 */
export function injectFault(injector: FaultInjector, meta: BaseMeta, process: () => Answer): Answer {
  const { kind, delayMs } = injector.next();
  const delay: DeliveryFault = { action: 'delay', delayMs };
  switch (kind) {
    case undefined:
      return delayMs === 0 ? process() : then(process(), (response) => withFault(response, delay));
    case 'serverError':
      return withFault(marked(failureResponse(injectedServerError(), meta), kind), delay);
    case 'rateLimitStorm': {
      const failure = rateLimited(
        'Límite de peticiones excedido (fallo inyectado)',
        injector.config.retryAfterSeconds * 1_000,
      );
      return withFault(marked(failureResponse(failure, meta), kind), delay);
    }
    case 'dropBeforeProcessing':
      return withFault(marked(failureResponse(connectionLost(), meta), kind), { action: 'drop', delayMs });
    case 'dropAfterCommit':
      return then(process(), (response) => withFault(response, { action: 'drop', delayMs }));
    case 'stallBody':
      return then(process(), (response) =>
        withFault(marked(response, kind), {
          action: 'stall',
          delayMs,
          afterBytes: Math.floor(Buffer.byteLength(response.body) / 2),
          stallMs: injector.config.stallMs,
        }),
      );
  }
}
