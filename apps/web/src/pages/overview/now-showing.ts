import { MAX_PRIORITY, type PriorityInfo } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { type InputSource, sourceOf as inputSourceOf } from '../../data/input-sources.js';
import type { InstanceState } from '../../data/instance-state.js';
import { clock, hex, timeLeft, visiblePriority } from './instance-state.js';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** A component as the card names it. */
const COMPONENT_PHRASES: Readonly<Record<string, string>> = {
  EFFECT: 'web_overview_component_effect',
  COLOR: 'web_overview_component_colour',
  IMAGE: 'web_overview_component_picture',
  FLATBUFSERVER: 'web_overview_component_flatbuffers',
  PROTOSERVER: 'web_overview_component_protobuf',
  BOBLIGHTSERVER: 'web_overview_component_boblight',
  GRABBER: 'web_overview_component_screen',
  V4L: 'web_overview_component_video',
};

/** What a priority entry is: the effect's name, a colour (swatch and its code), a picture. */
function sourceOf(entry: PriorityInfo, t: T): TemplateResult {
  switch (entry.componentId) {
    case 'EFFECT':
      return html`${t('web_overview_effect', { name: entry.owner ?? '' })}`;
    case 'COLOR': {
      const rgb = entry.value?.RGB ?? [0, 0, 0];
      const code = hex(rgb);
      // The code says the colour in words; the swatch only shows it.
      return html`<span class="swatch" style=${styleMap({ background: code })} aria-hidden="true"></span
        >${t('web_overview_colour', { code: code.toUpperCase(), rgb: rgb.join(', ') })}`;
    }
    case 'IMAGE':
      return html`${entry.owner ? t('web_overview_picture_named', { name: entry.owner }) : t('web_overview_picture')}`;
    default: {
      // A network input's client: its protocol (who it is follows in the line below); a grabber
      // on the box: what it captures.
      const phrase = COMPONENT_PHRASES[entry.componentId];
      return html`${phrase ? t(phrase) : (entry.owner ?? entry.componentId)}`;
    }
  }
}

/**
 * "What it shows now" of an instance, as description-list rows: the visible priority with its
 * source (effect, colour, picture), who set it and whether it is pinned, and the time left of a
 * timed one, counting down from when the server answered.
 */
export function renderNowShowing(state: InstanceState, now: number, t: T): TemplateResult {
  const entry = visiblePriority(state);
  if (!entry) {
    return html`<dt>${t('web_overview_showing')}</dt>
      <dd data-testid="showing">${t('web_overview_showing_nothing')}</dd>`;
  }
  const left = timeLeft(state, entry, now);
  const origin = entry.origin?.split('@')[0];
  return html`<dt>${t('web_overview_showing')}</dt>
    <dd data-testid="showing">
      <span class="source">${sourceOf(entry, t)}</span>
      <span class="muted">
        ${t('web_overview_priority', { priority: entry.priority })}${
          origin ? html` · ${t('web_overview_origin', { origin })}` : nothing
        }${state.autoSelect ? nothing : html` · ${t('web_overview_showing_pinned')}`}
      </span>
    </dd>
    ${
      left === undefined
        ? nothing
        : html`<dt>${t('web_overview_time_left')}</dt>
            <dd data-testid="time-left"><span class="clock">${clock(left)}</span></dd>`
    }`;
}

/**
 * What the sources list offers besides telling: pinning a source, automatic selection, clearing
 * one source or all of them.
 */
export interface SourceControls {
  /** The pinned priority (`sourceselect`); undefined while the server selects by itself. */
  pinned: number | undefined;
  /**
   * Whether the buttons are disabled: a request of the card waits for the server, or the
   * connection is down.
   */
  pending: boolean;
  /** The clock the time left of timed entries counts down by. */
  now: number;
  pin(priority: number): void;
  auto(): void;
  /** Clears one priority; -1 clears them all (`clear` with priority -1). */
  clear(priority: number): void;
}

/**
 * Every source of an instance (its priority entries, lowest priority first), as Hyperion.ng's
 * Remote Control lists them: what it shows (an effect's name, a colour, a picture, a network
 * input by its protocol), who set it (`<origin>@<address>`), its priority, the time left of a
 * timed one and, for a network input's client, its frames shown per second (from two consecutive
 * lists of its counts, see data/input-sources.ts) and the frames it dropped; buttons to pin each
 * source (it shows whatever lies below it) — on the pinned one, marked so, back to automatic
 * selection instead — and to clear it (not the background's 254), and one to clear them all.
 */
export function renderSources(
  state: InstanceState,
  inputs: readonly InputSource[],
  headingId: string,
  controls: SourceControls,
  t: T,
): TemplateResult {
  const entries = [...state.priorities].sort((a, b) => a.priority - b.priority);
  return html`<section class="sources" aria-labelledby=${headingId}>
    <h3 id=${headingId}>${t('web_overview_sources')}</h3>
    ${
      entries.length === 0
        ? html`<p class="muted" data-testid="sources-none">${t('web_overview_sources_none')}</p>`
        : html`<ul data-testid="sources">
            ${entries.map((entry) => {
              const input = inputSourceOf(inputs, entry);
              const left = timeLeft(state, entry, controls.now);
              const pinned = controls.pinned === entry.priority;
              return html`<li
                data-component=${entry.componentId}
                data-origin=${entry.origin}
                data-priority=${entry.priority}
                ?data-pinned=${pinned}
              >
                <div class="about">
                  <span class="source">${sourceOf(entry, t)}</span>
                  ${
                    pinned
                      ? html`<span class="badge pinned">${t('web_overview_source_pinned')}</span>`
                      : nothing
                  }
                  <span class="origin">${entry.origin}</span>
                  <span class="muted">
                    ${t('web_overview_priority', { priority: entry.priority })}${
                      input?.fps === undefined
                        ? nothing
                        : html` · ${t('web_overview_source_fps', { fps: Math.round(input.fps) })}`
                    }${
                      input
                        ? html` · ${t('web_overview_source_dropped', { count: input.framesDropped })}`
                        : nothing
                    }${
                      left === undefined
                        ? nothing
                        : html` · ${t('web_overview_source_time_left', { time: clock(left) })}`
                    }
                  </span>
                </div>
                <div class="actions">
                ${
                  pinned
                    ? html`<button
                        type="button"
                        ?disabled=${controls.pending}
                        @click=${() => controls.auto()}
                      >
                        ${t('web_overview_source_auto')}
                      </button>`
                    : html`<button
                        type="button"
                        ?disabled=${controls.pending}
                        @click=${() => controls.pin(entry.priority)}
                      >
                        ${t('web_overview_source_pin', { priority: entry.priority })}
                      </button>`
                }
                ${
                  entry.priority <= MAX_PRIORITY
                    ? html`<button
                        type="button"
                        ?disabled=${controls.pending}
                        @click=${() => controls.clear(entry.priority)}
                      >
                        ${t('web_overview_clear', { priority: entry.priority })}
                      </button>`
                    : nothing
                }
                </div>
              </li>`;
            })}
          </ul>
          ${
            entries.some((entry) => entry.priority <= MAX_PRIORITY)
              ? html`<p class="row">
                  <button
                    type="button"
                    ?disabled=${controls.pending}
                    @click=${() => controls.clear(-1)}
                  >
                    ${t('web_overview_clear_all')}
                  </button>
                </p>`
              : nothing
          }`
    }
  </section>`;
}
