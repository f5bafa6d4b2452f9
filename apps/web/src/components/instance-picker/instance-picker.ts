import type { StoredInstance } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';

/**
 * The select of the configured instances a page edits (`/setup/<id>`, `/capture/<id>`): each by
 * number and name, marked when it is off; choosing one goes to `path/<id>`.
 */
export function instancePicker(options: {
  instances: readonly StoredInstance[];
  current: number | undefined;
  disabled: boolean;
  t: (key: string, vars?: Record<string, unknown>) => string;
  navigate: (path: string) => void;
  /** The page's path, `/setup`. */
  path: string;
}): TemplateResult | typeof nothing {
  const { instances, current, t } = options;
  if (instances.length === 0) return nothing;
  return html`<div class="picker">
    <label for="instance">${t('web_setup_instance')}</label>
    <select
      id="instance"
      ?disabled=${options.disabled}
      @change=${(e: Event) =>
        options.navigate(`${options.path}/${(e.target as HTMLSelectElement).value}`)}
    >
      ${instances.map(
        (i) =>
          html`<option value=${i.id} ?selected=${i.id === current}>
            ${t(i.enabled ? 'web_setup_instance_option' : 'web_setup_instance_option_off', {
              id: i.id,
              name: i.name,
            })}
          </option>`,
      )}
    </select>
  </div>`;
}
