import { boolean, checkObject, type GroupProblem, type ObjectShape } from './rules.js';

/** Global group `network`: who may use the API without a token. */
export interface NetworkSettings {
  /**
   * Whether clients on the local network must authenticate too. false (the default): local
   * clients may use the non-admin API without a token; admin commands always need one.
   */
  localApiAuth?: boolean;
  /** Fields of other versions are kept as they are. */
  [key: string]: unknown;
}

const networkShape: ObjectShape = {
  fields: { localApiAuth: boolean() },
};

/** Checks a `network` value; every field is optional. */
export function validateNetwork(value: unknown): GroupProblem[] {
  return checkObject(value, networkShape);
}
