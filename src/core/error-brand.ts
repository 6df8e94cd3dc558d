/**
 * What makes the SDK's error classes behave as one set of classes wherever they come from: the
 * ESM and the CommonJS build of the package are two module instances with two copies of each
 * class (an app that `require`s `loyalty-sdk` and `import`s `loyalty-sdk/server` meets both), and
 * so are two installed copies of the package. `instanceof` checks a brand, a registered symbol
 * every copy shares, besides the prototype chain.
 */

/** The brand of each of our classes, by class; a subclass a user writes has none of its own. */
const BRANDS = new WeakMap<object, symbol>();

const brandOf = (name: string) => Symbol.for(`loyalty-sdk.error.${name}`);

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Names each error class after its key and brands it: `name` on the class and on its prototype,
 * whatever the bundler made of the class expression (the CommonJS build once named them
 * `_class7`), and the brand on its prototype, so that its instances and those of its subclasses
 * carry it.
 */
export function declareErrorClasses(classes: Record<string, ErrorClass>): void {
  for (const [name, target] of Object.entries(classes)) {
    Object.defineProperty(target, 'name', { value: name, configurable: true });
    Object.defineProperty(target.prototype, 'name', { value: name, writable: true, configurable: true });
    const brand = brandOf(name);
    Object.defineProperty(target.prototype, brand, { value: true });
    BRANDS.set(target, brand);
  }
}

/**
 * `value instanceof target`: the prototype chain as usual (so users' subclasses work as classes
 * do), else the brand of `target` when it is one of our classes, carried by an instance of any
 * copy of the package.
 */
export function hasErrorBrand(target: object, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(target, value)) return true;
  const brand = BRANDS.get(target);
  if (brand === undefined || typeof value !== 'object' || value === null) return false;
  return (value as Record<symbol, unknown>)[brand] === true;
}
