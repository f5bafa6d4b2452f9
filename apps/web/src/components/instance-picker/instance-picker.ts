import type { InstanceInfo } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';

/**
 * The select of the configured instances a page edits (`/setup/<id>`, `/capture/<id>`): each by
 * number and name, marked when it is off; choosing one goes to `path/<id>`. It lists the store's
 * instances (`ctx.store.instances`), which the `instance-update` pushes keep current: an instance
 * created, renamed or deleted elsewhere shows here at once.
 */
export function instancePicker(options: {
  instances: readonly InstanceInfo[];
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
      @change=${(e: Event) => {
        const select = e.target as HTMLSelectElement;
        const path = `${options.path}/${select.value}`;
        // The select shows the instance the page shows: a navigation held back (unsaved
        // changes, Stay) leaves it there, one that goes on brings the page and the select along.
        if (current !== undefined) select.value = String(current);
        options.navigate(path);
      }}
    >
      ${instances.map(
        (i) =>
          html`<option value=${i.instance} .selected=${live(i.instance === current)}>
            ${t(i.running ? 'web_setup_instance_option' : 'web_setup_instance_option_off', {
              id: i.instance,
              name: i.friendly_name,
            })}
          </option>`,
      )}
    </select>
  </div>`;
}
