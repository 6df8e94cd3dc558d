import { declareErrorClasses, hasErrorBrand } from './error-brand.js';

/**
 * The errors the SDK throws. None of them holds the API key: the request headers are never
 * attached, and the fields below are all of what `toJSON` and `util.inspect` show.
 *
 * No class declares `name` as a field: a field initializer made the CommonJS build wrap each
 * class and name it `_classN`. `declareErrorClasses` names and brands them instead.
 */
export class LoyaltyError extends Error {
  /** Holds for instances of this class from any copy of the package (ESM, CommonJS, another install). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of instanceof, maybe a subclass.
    return hasErrorBrand(this, value);
  }

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.name}: ${this.message}${this.stack ? `\n${this.stack.split('\n').slice(1).join('\n')}` : ''}`;
  }
}

/** The caller's `signal` fired; nothing more is sent. */
export class LoyaltyAbortError extends LoyaltyError {}

declareErrorClasses({ LoyaltyError, LoyaltyAbortError });

/** What a check calls with its message when the input is wrong: it throws. */
export type Fail = (message: string) => never;

/** A `Fail` throwing what `make` makes of the message. */
export const failingWith =
  (make: (message: string) => Error): Fail =>
  (message) => {
    throw make(message);
  };

/** The SDK's `Fail`: a `LoyaltyError` with the message. */
export const fail: Fail = failingWith((message) => new LoyaltyError(message));
