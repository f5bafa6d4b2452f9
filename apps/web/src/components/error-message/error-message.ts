import type { Resolver } from '@glowkit/i18n';
import { html, nothing, type TemplateResult } from 'lit';
import { ServerError } from '../../api/connection.js';

/** What an error says: one line, and the server's details, one line each. */
export interface ErrorParts {
  message: string;
  details: readonly string[];
}

/** The phrases of the server's error codes: the app's translator, set once it has one. */
let phrases: Pick<Resolver, 't' | 'has'> | undefined;

/**
 * Says the server's errors in the UI's language from now on: each reply's `errorCode` by its
 * phrase `web_error_<code>` (dashes as underscores), its `errorParams` filled in. The app
 * calls it once with its translator.
 */
export function useErrorPhrases(translator: Pick<Resolver, 't' | 'has'>): void {
  phrases = translator;
}

/**
 * The codes whose details are what to correct (a field's pointer and its rule, one per field):
 * shown below the phrase. Any other known code's phrase says it all, and its details (written
 * for API clients, in English) are left out.
 */
const DETAILED = new Set(['invalid-params', 'effect-args-invalid', 'restore-failed']);

/** A server's refusal in the UI's language, when its code has a phrase. */
function phrased(error: ServerError): ErrorParts | undefined {
  const key = `web_error_${(error.code ?? '').replaceAll('-', '_')}`;
  if (!error.code || !phrases?.has(key)) return undefined;
  return {
    message: phrases.t(key, error.params),
    details: DETAILED.has(error.code) ? error.details : [],
  };
}

/**
 * An error as people read it: the phrase of the server's error code in the UI's language (see
 * {@link useErrorPhrases}), else the server's `error` ("Invalid params") with its details one
 * per line, else the error's message (a lost connection, a check of the page). Undefined for no
 * error (undefined or an empty text).
 */
export function errorParts(error: unknown): ErrorParts | undefined {
  if (error === undefined || error === null || error === '') return undefined;
  if (error instanceof ServerError)
    return phrased(error) ?? { message: error.error, details: error.details };
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}

/** An error on one line, for a status line: the server's reason and its details. */
export function errorLine(error: unknown): string {
  const parts = errorParts(error);
  if (!parts) return '';
  return parts.details.length > 0 ? `${parts.message}: ${parts.details.join('; ')}` : parts.message;
}

/**
 * The one error display of the app: an alert with the error's message and its details as a
 * list, styled by {@link errorMessageStyles} (in every page's styles); nothing when there is
 * no error. `id` lets a page move focus to it.
 */
export function renderError(
  error: unknown,
  options: { id?: string } = {},
): TemplateResult | typeof nothing {
  return renderErrorParts(errorParts(error), options);
}

/**
 * {@link renderError} for an error a page phrased itself (the setup page names the sections a
 * refusal concerns, and lists only the details that belong to none).
 */
export function renderErrorParts(
  parts: ErrorParts | undefined,
  options: { id?: string } = {},
): TemplateResult | typeof nothing {
  if (!parts) return nothing;
  return html`<div class="error-message" role="alert" id=${options.id ?? nothing} tabindex=${
    options.id ? '-1' : nothing
  }>
    <p>${parts.message}</p>
    ${
      parts.details.length > 0
        ? html`<ul>${parts.details.map((line) => html`<li>${line}</li>`)}</ul>`
        : nothing
    }
  </div>`;
}

export { errorMessageStyles } from './error-message.styles.js';
