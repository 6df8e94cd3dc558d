import { type SeedName, seedStore } from './seed.js';
import { Store } from './store.js';

function seeded(seed: SeedName): Store {
  const store = new Store();
  seedStore(store, seed);
  return store;
}

/**
 * The server's data and the one door every change goes through. Each change and each reset
 * moves `revision`, so whatever is derived from the data (the kept texts of reads) can tell
 * that it went stale without anyone telling it.
 */
export class ServerState {
  #store: Store;
  #revision = 0;

  constructor(readonly seed: SeedName) {
    this.#store = seeded(seed);
  }

  /** Read it freely; change it only inside `change`. */
  get store(): Store {
    return this.#store;
  }

  get revision(): number {
    return this.#revision;
  }

  /** Runs `apply` as a change of the data: synchronously, as every change of the store is. */
  change<Result>(apply: (store: Store) => Result): Result {
    this.#revision++;
    return apply(this.#store);
  }

  /** Back to the seed. */
  reset(): void {
    this.#revision++;
    this.#store = seeded(this.seed);
  }
}
