import { html, nothing, type TemplateResult } from 'lit';
import { ServerError } from '../../api/connection.js';

/** What an error says: one line, and the server's details, one line each. */
export interface ErrorParts {
  message: string;
  details: readonly string[];
}

/**
 * An error as people read it: the server's `error` ("Invalid params") with its details one per
 * line, else the error's message (a lost connection, a check of the page). Undefined for no
 * error (undefined or an empty text).
 */
export function errorParts(error: unknown): ErrorParts | undefined {
  if (error === undefined || error === null || error === '') return undefined;
  if (error instanceof ServerError) return { message: error.error, details: error.details };
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
