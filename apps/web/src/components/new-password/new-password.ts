import { PASSWORD_LENGTH } from '@glowkit/protocol';
import { html, type TemplateResult } from 'lit';

/** How hard a new password is to guess, roughly: its length and the kinds of characters. */
export type PasswordStrength = 'short' | 'weak' | 'fair' | 'strong';

/**
 * A hint, not a rule (the server's only rule is 8 characters): long passwords are strong
 * whatever they contain, shorter ones need several kinds of characters.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min) return 'short';
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((r) =>
    r.test(password),
  ).length;
  if (length >= 16 || (length >= 12 && kinds >= 3)) return 'strong';
  if (length >= 12 || kinds >= 3) return 'fair';
  return 'weak';
}

/** The two fields of a new password, as a form reads them. */
export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/** Reads the fields {@link renderNewPassword} renders from their form. */
export function newPasswordOf(form: HTMLFormElement): NewPasswordValues {
  const data = new FormData(form);
  return {
    password: String(data.get('new-password') ?? ''),
    repeat: String(data.get('repeat-password') ?? ''),
  };
}

/**
 * A new password's fields (twice, at least 8 characters) with the strength hint below the
 * first, for a form: the sign-in page's "Create the admin password" and the Tokens page's
 * change. `idPrefix` keeps ids apart; `strength` is what {@link passwordStrength} said of the
 * first field (the page keeps it, updated by `onInput`).
 */
export function renderNewPassword(options: {
  t: (key: string, vars?: Record<string, unknown>) => string;
  idPrefix: string;
  strength: PasswordStrength | undefined;
  onInput: (event: InputEvent) => void;
}): TemplateResult {
  const { t, idPrefix, strength, onInput } = options;
  const hint = `${idPrefix}-strength`;
  return html`<label for="${idPrefix}-new">${t('web_password_new')}</label>
    <input
      id="${idPrefix}-new"
      name="new-password"
      type="password"
      autocomplete="new-password"
      minlength=${PASSWORD_LENGTH.min}
      maxlength=${PASSWORD_LENGTH.max}
      aria-describedby=${hint}
      required
      @input=${onInput}
    />
    <p id=${hint} class="muted" aria-live="polite">
      ${t('web_password_rule', { min: PASSWORD_LENGTH.min })}
      ${strength ? t(`web_password_strength_${strength}`) : ''}
    </p>
    <label for="${idPrefix}-repeat">${t('web_password_repeat')}</label>
    <input
      id="${idPrefix}-repeat"
      name="repeat-password"
      type="password"
      autocomplete="new-password"
      minlength=${PASSWORD_LENGTH.min}
      maxlength=${PASSWORD_LENGTH.max}
      required
    />`;
}
