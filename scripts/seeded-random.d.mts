/** mulberry32: a small generator of good quality, numbers in [0, 1). */
export declare function mulberry32(seed: number): () => number;
/** xorshift32 (Marsaglia), numbers in [0, 1); the seed must not be 0. */
export declare function xorshift32(seed: number): () => number;
