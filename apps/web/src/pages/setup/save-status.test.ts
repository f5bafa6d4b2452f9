import { describe, expect, it } from 'vitest';
import { type SaveState, saveStatusText } from './save-status.js';

/** Shows the key and its values, so the tests read which phrase was chosen. */
const t = (key: string, vars?: Record<string, unknown>) =>
  vars ? `${key}(${Object.values(vars).join('|')})` : key;

const state = (change: Partial<SaveState>): SaveState => ({
  saving: false,
  saved: undefined,
  changed: [],
  valid: true,
  ...change,
});

describe('saveStatusText', () => {
  it('names the sections with unsaved changes, in page order', () => {
    expect(
      saveStatusText(state({ changed: ['smoothing', 'ledConfig', 'leds', 'device'] }), t),
    ).toBe('web_setup_unsaved(web_setup_device, web_setup_layout, web_setup_smoothing)');
    expect(saveStatusText(state({}), t)).toBe('web_setup_no_changes');
    expect(saveStatusText(state({ changed: ['leds'], valid: false }), t)).toBe('web_setup_invalid');
    expect(saveStatusText(state({ changed: ['leds'], saving: true }), t)).toBe('web_setup_saving');
  });

  it('says how the server applied a save, with its snapshot and warnings', () => {
    const saved = {
      info: { snapshot: 4, restarted: 'instance' as const, changed: ['leds'], instance: 0 },
      warnings: ['a warning'],
    };
    expect(saveStatusText(state({ saved }), t)).toBe(
      'web_setup_saved web_setup_saved_restarted web_setup_saved_snapshot(4) a warning',
    );
    const stopped = { info: { ...saved.info, restarted: 'none' as const }, warnings: [] };
    expect(saveStatusText(state({ saved: stopped }), t)).toBe(
      'web_setup_saved web_setup_saved_later web_setup_saved_snapshot(4)',
    );
    const service = { info: { ...saved.info, restarted: 'service' as const }, warnings: [] };
    expect(saveStatusText(state({ saved: service }), t)).toBe(
      'web_setup_saved web_setup_saved_service web_setup_saved_snapshot(4)',
    );
    const nothing = {
      info: { snapshot: null, restarted: 'none' as const, changed: [] },
      warnings: [],
    };
    expect(saveStatusText(state({ saved: nothing }), t)).toBe('web_setup_saved_nothing');
  });
});
