// Deterministic generators of numbers in [0, 1) for the fuzz and differential tests, so that
// every run makes the same cases and a failure can be replayed; a plain module beside its
// declarations (seeded-random.d.mts), imported by any package's tests without a build.

/** mulberry32: a small generator of good quality. */
export function mulberry32(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** xorshift32 (Marsaglia); the seed must not be 0. */
export function xorshift32(seed) {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}
