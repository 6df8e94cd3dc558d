/**
 * mulberry32: a small, fast 32-bit pseudo-random generator. Not for secrets; for reproducible
 * fault schedules: the same seed gives the same numbers, in the same order, on every platform.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
