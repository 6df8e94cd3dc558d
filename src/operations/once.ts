/**
 * A value built on its first use and kept. The table's schemas are declared with it so that
 * importing the SDK builds none of them: an operation's schemas are built on its first call
 * (docs/decisions.md, "Schemas built on first use"). Each top-level `once(...)` is marked
 * `@__PURE__`, so that a bundler drops the schemas its program never reads (the records of
 * `data`, in a client's bundle).
 */
export function once<Value>(build: () => Value): () => Value {
  let built = false;
  let value: Value;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
