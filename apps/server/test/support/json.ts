/**
 * A JSON value as tests walk it: replies and configurations are read and changed by path, which
 * a precise type would only obscure.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests navigate and mutate arbitrary JSON.
export type Json = Record<string, any>;
