import { checkObject, type GroupProblem, type ObjectShape, oneOf } from './rules.js';

/** Log levels, from the quietest: silent logs nothing, debug everything. */
const LOG_LEVELS = ['silent', 'warn', 'verbose', 'debug'] as const;

/** Global group `logger`: how much the service logs. */
export interface LoggerSettings {
  /** Minimum level written to the log: silent, warn (the default), verbose or debug. */
  level?: (typeof LOG_LEVELS)[number];
  /** Fields of other versions are kept as they are. */
  [key: string]: unknown;
}

const loggerShape: ObjectShape = {
  fields: { level: oneOf(LOG_LEVELS) },
};

/** Checks a `logger` value; every field is optional. */
export function validateLogger(value: unknown): GroupProblem[] {
  return checkObject(value, loggerShape);
}
