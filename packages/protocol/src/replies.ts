/** One entry of a reply's `errorData`: a detail or a warning, one line for people. */
export interface ErrorDetail {
  description: string;
}

/** A reply saying the request was carried out. `errorData` carries non-fatal warnings. */
export interface SuccessReply {
  command: string;
  success: true;
  tan: number;
  info?: unknown;
  errorData?: ErrorDetail[];
}

/** The values a UI puts into the phrase of an {@link ErrorReply.errorCode}. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/**
 * A reply saying the request was not carried out: `error` says why (Hyperion.ng's text, which its
 * clients match on), `errorData` the details; `errorCode` and `errorParams` are Glowkit's, so that
 * a UI says the same in its own language (its phrase of the code, with the params filled in).
 */
export interface ErrorReply {
  command: string;
  success: false;
  tan: number;
  error: string;
  /** What went wrong, as a stable code (`invalid-params`, `effect-not-found`…); see {@link errorCodeOf}. */
  errorCode: string;
  errorData?: ErrorDetail[];
  /** The values the code's phrase names (`{ name: "Rainbow" }`); left out when there are none. */
  errorParams?: ErrorParams;
}

/** A failure's code and the values its phrase names, given to {@link errorReply}. */
export interface ErrorCoded {
  code: string;
  params?: ErrorParams;
}

/** Any reply to a request. */
export type Reply = SuccessReply | ErrorReply;

/** The `error` texts of failed replies; the same texts Hyperion.ng sends, so its clients understand them. */
export const ERRORS = {
  parse: 'Parse error',
  invalidCommand: 'Invalid command',
  invalidParams: 'Invalid params',
  noAuthorization: 'No Authorization',
  unavailable: 'Service Unavailable',
  tooLarge: 'Request too large',
  restoreFailed: 'Restore configuration failed',
  databaseError: 'Database Error',
} as const;

/**
 * The code of each of {@link ERRORS}' texts, taken when a reply names no code of its own; any
 * other text without a code is `failed` (a UI then shows the server's text).
 */
const CODE_OF_ERROR: Readonly<Record<string, string>> = {
  [ERRORS.parse]: 'parse',
  [ERRORS.invalidCommand]: 'invalid-command',
  [ERRORS.invalidParams]: 'invalid-params',
  [ERRORS.noAuthorization]: 'no-authorization',
  [ERRORS.unavailable]: 'unavailable',
  [ERRORS.tooLarge]: 'too-large',
  [ERRORS.restoreFailed]: 'restore-failed',
  [ERRORS.databaseError]: 'database-error',
};

/** The code of a failure whose reply names none: the code of an {@link ERRORS} text, else `failed`. */
export function errorCodeOf(error: string): string {
  return CODE_OF_ERROR[error] ?? 'failed';
}

/** The `info` of a successful `config restoreconfig` reply (Hyperion.ng's text, a plain string). */
export const RESTORE_INFO = 'Restarting after importing configuration successfully.';

function toErrorData(texts: readonly string[] | undefined): ErrorDetail[] | undefined {
  return texts === undefined || texts.length === 0
    ? undefined
    : texts.map((description) => ({ description }));
}

// Keys are written in sorted order (command, error, errorData, info, success, tan), the order in
// which Hyperion.ng's Qt serialiser writes them, so serialised replies match it byte for byte.

/**
 * Builds a success reply.
 *
 * @param command - the command name, e.g. `commandName('config', 'restoreconfig')`.
 * @param tan - the request's transaction number (see `tanOf`), echoed back.
 * @param info - what the request asked for; the key is left out when undefined.
 * @param warnings - non-fatal problems; become `errorData`, left out when there are none.
 * @returns `{ command, errorData?, info?, success: true, tan }`.
 */
export function successReply(
  command: string,
  tan: number,
  info?: unknown,
  warnings?: readonly string[],
): SuccessReply {
  const errorData = toErrorData(warnings);
  return {
    command,
    ...(errorData === undefined ? {} : { errorData }),
    ...(info === undefined ? {} : { info }),
    success: true,
    tan,
  };
}

/**
 * The text of a success reply whose `info` is already compact JSON text: exactly
 * `JSON.stringify(successReply(command, tan, JSON.parse(infoJson), warnings))`, without parsing
 * and re-serialising a large value (the server answers `config getconfig` from the stored JSON).
 *
 * @param infoJson - compact JSON text of the `info` value; it is not checked.
 * @param warnings - non-fatal problems; become `errorData`, left out when there are none.
 */
export function successReplyText(
  command: string,
  tan: number,
  infoJson: string,
  warnings?: readonly string[],
): string {
  const errorData = toErrorData(warnings);
  const notes = errorData === undefined ? '' : `,"errorData":${JSON.stringify(errorData)}`;
  return `{"command":${JSON.stringify(command)}${notes},"info":${infoJson},"success":true,"tan":${JSON.stringify(tan)}}`;
}

/**
 * Builds an error reply.
 *
 * @param command - the command name, or the raw command text when the request did not resolve.
 * @param tan - the request's transaction number (see `tanOf`), echoed back.
 * @param error - the reason, usually one of {@link ERRORS}.
 * @param details - one line per problem; become `errorData`, left out when there are none.
 * @param coded - the failure's code and its phrase's values; without it, the code of `error`
 *   ({@link errorCodeOf}), so that every error reply carries one.
 * @returns `{ command, error, errorCode, errorData?, errorParams?, success: false, tan }`.
 */
export function errorReply(
  command: string,
  tan: number,
  error: string,
  details?: readonly string[],
  coded?: ErrorCoded,
): ErrorReply {
  const errorData = toErrorData(details);
  const params = coded?.params;
  return {
    command,
    error,
    errorCode: coded?.code ?? errorCodeOf(error),
    ...(errorData === undefined ? {} : { errorData }),
    ...(params === undefined || Object.keys(params).length === 0 ? {} : { errorParams: params }),
    success: false,
    tan,
  };
}
