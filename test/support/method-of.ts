import type { APIPromise, LoyaltyClient } from '../../src/index.js';

// Types only: the runtime matrix bundles this file beside the packed package, not the sources.
export type AnyMethod = (...args: unknown[]) => APIPromise<unknown>;

/** `client.clientes.puntos.add` for `'clientes.puntos.add'`, bound to its resource; undefined when missing. */
export function methodOf(client: LoyaltyClient, id: string): AnyMethod | undefined {
  let owner: unknown;
  let target: unknown = client;
  for (const part of id.split('.')) {
    owner = target;
    target =
      target !== null && typeof target === 'object' ? (target as Record<string, unknown>)[part] : undefined;
  }
  return typeof target === 'function' ? (target as AnyMethod).bind(owner) : undefined;
}
