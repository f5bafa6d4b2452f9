import type { PriorityInfo } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { type InputSource, sourceOf as inputSourceOf } from '../../data/input-sources.js';
import type { InstanceState } from '../../data/instance-state.js';
import { clock, hex, timeLeft, visiblePriority } from './instance-state.js';

type T = (key: string, vars?: Record<string, unknown>) => string;

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
    default:
      return html`${entry.owner ?? entry.componentId}`;
  }
}

/**
 * "What it shows now" of an instance, as description-list rows: the visible priority with its
 * source (effect, colour, picture) and who set it, and the time left of a timed one, counting
 * down from when the server answered.
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
        }
      </span>
    </dd>
    ${
      left === undefined
        ? nothing
        : html`<dt>${t('web_overview_time_left')}</dt>
            <dd data-testid="time-left"><span class="clock">${clock(left)}</span></dd>`
    }`;
}

/** A component as the sources list names it. */
const COMPONENT_PHRASES: Readonly<Record<string, string>> = {
  EFFECT: 'web_overview_component_effect',
  COLOR: 'web_overview_component_colour',
  IMAGE: 'web_overview_component_picture',
  FLATBUFSERVER: 'web_overview_component_flatbuffers',
  PROTOSERVER: 'web_overview_component_protobuf',
  BOBLIGHTSERVER: 'web_overview_component_boblight',
};

/**
 * Every source of an instance (its priority entries, lowest priority first): the component, who
 * set it (`<origin>@<address>`), its priority and, for a network input's client, its frames shown
 * per second (from two reads of its counts, see data/input-sources.ts) and the frames it dropped.
 */
export function renderSources(
  state: InstanceState,
  inputs: readonly InputSource[],
  headingId: string,
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
              const phrase = COMPONENT_PHRASES[entry.componentId];
              const input = inputSourceOf(inputs, entry);
              return html`<li data-component=${entry.componentId} data-origin=${entry.origin}>
                <span class="source">${phrase ? t(phrase) : entry.componentId}</span>
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
                  }
                </span>
              </li>`;
            })}
          </ul>`
    }
  </section>`;
}
