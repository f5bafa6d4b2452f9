/**
 * The line beside the Save button: saving, saved (and how the server applied it), what is
 * unsaved, or that nothing is. Phrased when shown, so that it follows the UI's language.
 */
import type { SetConfigInfo } from '@glowkit/protocol';
import { SECTION_GROUPS, SECTIONS } from './setup-data.js';

/** Translates a phrase of the UI. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** Where the page's save stands. */
export interface SaveState {
  saving: boolean;
  /** The last save's reply, until the next edit; the server's warnings as it phrased them. */
  saved: { info: SetConfigInfo; warnings: string[] } | undefined;
  /** The groups whose edited value differs from the stored one. */
  changed: readonly string[];
  /** Whether every section holds a value the server can take. */
  valid: boolean;
}

/** What a successful `config setconfig` did, in words. */
export function savedText(info: SetConfigInfo, t: Translate): string {
  if (info.changed.length === 0) return t('web_setup_saved_nothing');
  const restart =
    info.restarted === 'instance'
      ? t('web_setup_saved_restarted')
      : info.restarted === 'service'
        ? t('web_setup_saved_service')
        : t('web_setup_saved_later');
  const snapshot =
    info.snapshot === null ? '' : t('web_setup_saved_snapshot', { snapshot: info.snapshot });
  return [t('web_setup_saved'), restart, snapshot].filter(Boolean).join(' ');
}

/** The status line for `state`. */
export function saveStatusText(state: SaveState, t: Translate): string {
  if (state.saving) return t('web_setup_saving');
  if (state.saved) return [savedText(state.saved.info, t), ...state.saved.warnings].join(' ');
  if (state.changed.length === 0) return t('web_setup_no_changes');
  if (!state.valid) return t('web_setup_invalid');
  const sections = SECTIONS.filter((s) => SECTION_GROUPS[s].some((g) => state.changed.includes(g)));
  return t('web_setup_unsaved', { sections: sections.map((s) => t(`web_setup_${s}`)).join(', ') });
}
