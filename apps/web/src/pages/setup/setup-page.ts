import '@glowkit/elements/effect-form';
import { defineElement, type GkEffectForm } from '@glowkit/elements/components';
import type {
  GlobalSettings,
  GroupFormSchema,
  InstanceSettings,
  SetConfigInfo,
  SettingsSchemasInfo,
  StoredInstance,
} from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ServerError } from '../../api/connection.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import { unsavedEvent } from '../../app/unsaved.js';
import {
  type ErrorParts,
  errorParts,
  renderError,
  renderErrorParts,
} from '../../components/error-message/error-message.js';
import { instancePicker } from '../../components/instance-picker/instance-picker.js';
import '../../components/layout-editor/layout-editor.js';
import type { GkLayoutEditor } from '../../components/layout-editor/layout-editor.js';
import type { LedCountRequestDetail } from '../../components/layout-generator/layout-generator.js';
import type { LayoutSpec, LedArea } from '../../components/layout-generator/layouts.js';
import { specMakingLayout, withSpec } from '../../components/layout-generator/stored-spec.js';
import './device-settings.js';
import { RestartWatch } from '../../api/restart-watch.js';
import { fetchConfig, fetchSchemas, saveGlobalGroups, saveGroups } from '../../data/calls.js';
import type { GkDeviceSettings } from './device-settings.js';
import { saveStatusText } from './save-status.js';
import {
  changedGroups,
  colorDraft,
  GLOBAL_GROUPS,
  type Json,
  PLAIN_GROUPS,
  type PlainGroup,
  SECTIONS,
  type Section,
  type SectionForms,
  sectionForms,
  type Violations,
  violationsBySection,
} from './setup-data.js';
import { setupStyles } from './setup-page.styles.js';

type Status =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'missing'; id: string }
  | { state: 'ready' };

/** The room the sticky save bar takes at the bottom of the window (two lines on a phone). */
const SAVE_BAR_ROOM = '7rem';

/** The page's key in the app's set of unsaved edits. */
const UNSAVED_KEY = 'setup';

/** Saving restarts the instance, which answers when it runs again: allow it some time. */
const SAVE_TIMEOUT_MS = 30_000;

/**
 * Setup of one instance (`/setup/<id>`): its LED device (type, port, the protocol's own keys), its
 * LED layout (a generator for a frame or a matrix), smoothing and colour adjustment, the boot and
 * background effects (the server's effects offered by name), black-border
 * detection, the boblight input, and the daemon-wide picture inputs (flatbuffers, protobuf), every
 * form from the server's group schemas. One Save sends the changed instance groups in one `config
 * setconfig` (one transaction, a snapshot first, that instance alone restarted), then the changed
 * global groups in another (the service restarts its listeners; the page waits until the
 * connection is back); the server's violations are shown in the section they concern.
 */
export class GkSetupPage extends GkPage {
  static override styles = [...GkPage.styles, setupStyles];

  @state() private _status: Status = { state: 'loading' };
  @state() private _instances: StoredInstance[] = [];
  /** The groups whose edited value differs from the stored one. */
  @state() private _changed: string[] = [];
  /** Whether every section holds a value the server can take. */
  @state() private _valid = true;
  /** The device's LED count as edited, for the layout's check. */
  @state() private _ledCount: number | undefined = undefined;
  /**
   * What the last save did, for the status line (phrased when shown, so that it follows the
   * language), with the server's warnings as it phrased them; undefined since an edit.
   */
  @state() private _saved: { info: SetConfigInfo; warnings: string[] } | undefined = undefined;

  /** Save: its error is shown by section (each violation where it belongs) and in the bar. */
  readonly #saving = new Action(this, (instance: StoredInstance, groups: Json) =>
    this.#saveGroups(instance, groups),
  );

  #schemas: SettingsSchemasInfo | undefined;
  /** What the smoothing and colour sections show of those forms, made once. */
  #forms: SectionForms = {};
  /** Which instance the page shows (`params[0]`, or '' for the first). */
  #shownKey: string | undefined;
  #instance: StoredInstance | undefined;
  /** The stored global groups. */
  #global: GlobalSettings = {};
  /** The instance's groups as the sections started from: stored, with the forms' defaults. */
  #baseline: Json | undefined;
  #load = 0;
  /** Whether the app was last told that the page has unsaved edits. */
  #toldDirty = false;
  // What each section's element is given: new objects only when it must start afresh.
  #device: Json = {};
  #leds: LedArea[] = [];
  #spec: LayoutSpec | undefined;
  #smoothing: Json = {};
  #color: Json = {};
  #adjustments: Json[] = [];
  /** The `network` group as stored, and its `mqtt` object (each shown in a form of its own). */
  #network: Json = {};
  #mqtt: Json = {};
  #plain: Record<PlainGroup, Json> = {
    foregroundEffect: {},
    backgroundEffect: {},
    blackborderdetector: {},
    boblightServer: {},
    flatbufServer: {},
    protoServer: {},
  };

  override connectedCallback(): void {
    super.connectedCallback();
    // The sticky save bar covers the bottom of the window: whatever gets focus is scrolled
    // into view above it, never under it.
    document.documentElement.style.scrollPaddingBlockEnd = SAVE_BAR_ROOM;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.documentElement.style.scrollPaddingBlockEnd = '';
    this.#tellDirty(false);
  }

  protected override updated(): void {
    this.#tellDirty(this._changed.length > 0);
  }

  /** Tells the app whether the form differs from the saved settings (it asks before leaving). */
  #tellDirty(dirty: boolean): void {
    if (dirty === this.#toldDirty) return;
    this.#toldDirty = dirty;
    this.dispatchEvent(unsavedEvent(UNSAVED_KEY, dirty));
  }

  protected override willUpdate(): void {
    const key = this.params[0] ?? '';
    if (this.ctx && key !== this.#shownKey) {
      this.#shownKey = key;
      void this.#loadInstance(key);
    }
  }

  /** Loads the forms (once) and the stored configuration, and shows instance `key`. */
  async #loadInstance(key: string): Promise<void> {
    const load = ++this.#load;
    this._status = { state: 'loading' };
    this._saved = undefined;
    this.#saving.clear();
    try {
      const connection = this.ctx.connection;
      const [schemas, config] = await Promise.all([
        this.#schemas ?? fetchSchemas(connection),
        fetchConfig(connection),
      ]);
      if (load !== this.#load) return;
      if (schemas !== this.#schemas) {
        this.#schemas = schemas;
        this.#forms = sectionForms(schemas);
      }
      this._instances = config.instances;
      this.#global = config.global.settings;
      const instance =
        key === '' ? this._instances[0] : this._instances.find((i) => String(i.id) === key);
      if (!instance) {
        this._status = { state: 'missing', id: key };
        return;
      }
      this.#use(instance);
      this._status = { state: 'ready' };
      await this.#refresh(true);
    } catch (error) {
      if (load !== this.#load) return;
      this._status = { state: 'failed', error };
    }
  }

  /** Starts every section afresh from the instance's stored groups. */
  #use(instance: StoredInstance): void {
    // The stored groups are valid against their schemas (the server validated them); a group or
    // a key left out takes its default, which the forms fill in.
    const settings = instance.settings;
    this.#instance = instance;
    this.#baseline = undefined;
    this.#device = { ...settings.device };
    // Each stored LED has its four edges: the one rule the schema's keys cannot say alone
    // (protocol's settings/relations.ts), so the generated type leaves them optional.
    this.#leds = (settings.leds ?? []) as LedArea[];
    this.#spec = specMakingLayout(settings.ledConfig, this.#leds);
    this.#smoothing = { ...settings.smoothing };
    this.#color = { ...settings.color };
    const adjustments = settings.color?.channelAdjustment ?? [];
    // No adjustment stored: one from the form's defaults, as Hyperion.ng starts with.
    this.#adjustments = adjustments.length > 0 ? adjustments.map((a) => ({ ...a })) : [{}];
    this.#plain = {
      foregroundEffect: { ...settings.foregroundEffect },
      backgroundEffect: { ...settings.backgroundEffect },
      blackborderdetector: { ...settings.blackborderdetector },
      boblightServer: { ...settings.boblightServer },
      flatbufServer: { ...this.#global.flatbufServer },
      protoServer: { ...this.#global.protoServer },
    };
    this.#network = { ...this.#global.network };
    this.#mqtt = { ...this.#global.network?.mqtt };
  }

  /** A group as stored (global or the instance's). */
  #stored(group: string): unknown {
    const groups = GLOBAL_GROUPS.includes(group) ? this.#global : this.#settings;
    return (groups as Record<string, unknown>)[group];
  }

  get #settings(): InstanceSettings {
    return this.#instance?.settings ?? {};
  }

  #element<T extends Element>(selector: string): T | null {
    return this.renderRoot.querySelector<T>(selector);
  }

  /** Every group as the sections hold it now. */
  #draft(): Json {
    const stored = this.#settings;
    const draft: Json = {};
    const device = this.#element<GkDeviceSettings>('gk-device-settings');
    draft.device = device ? device.value : stored.device;
    const generator = this.#element<GkLayoutEditor>('gk-layout-editor');
    draft.leds = generator ? generator.layout : stored.leds;
    const spec = generator?.specInUse;
    draft.ledConfig = spec ? withSpec(stored.ledConfig, spec) : stored.ledConfig;
    const smoothing = this.#element<GkEffectForm>('#smoothing-form');
    draft.smoothing = smoothing ? { ...this.#smoothing, ...smoothing.value } : stored.smoothing;
    const color = this.#element<GkEffectForm>('#color-form');
    const adjustments = [...this.renderRoot.querySelectorAll<GkEffectForm>('.adjustment-form')];
    draft.color =
      color || adjustments.length > 0
        ? colorDraft(
            this.#color,
            color?.value,
            this.#adjustments,
            adjustments.map((form) => form.value),
          )
        : stored.color;
    for (const group of PLAIN_GROUPS) {
      const form = this.#element<GkEffectForm>(`#${group}-form`);
      draft[group] = form ? { ...this.#plain[group], ...form.value } : this.#stored(group);
    }
    const network = this.#element<GkEffectForm>('#network-form');
    const mqtt = this.#element<GkEffectForm>('#mqtt-form');
    draft.network =
      network || mqtt
        ? {
            ...this.#network,
            ...network?.value,
            ...(mqtt ? { mqtt: { ...this.#mqtt, ...mqtt.value } } : {}),
          }
        : this.#stored('network');
    return draft;
  }

  /**
   * Recomputes what changed and whether it can be saved, once every section has rendered; with
   * `baseline`, first takes the sections' values as the unchanged state (the forms fill in their
   * defaults for keys the stored groups lack: those are no change). The layout counts from what
   * is stored, so that a layout the generator makes for an instance without one can be saved.
   */
  async #refresh(baseline = false): Promise<void> {
    await this.updateComplete;
    const elements = this.renderRoot.querySelectorAll<
      HTMLElement & { updateComplete: Promise<unknown> }
    >('gk-device-settings, gk-layout-editor, gk-effect-form');
    await Promise.all([...elements].map((e) => e.updateComplete));
    const draft = this.#draft();
    if (baseline || !this.#baseline) {
      const stored = this.#settings;
      this.#baseline = { ...draft, leds: stored.leds, ledConfig: stored.ledConfig };
    }
    this._changed = changedGroups(this.#baseline, draft);
    const forms = [...this.renderRoot.querySelectorAll<GkEffectForm>('gk-effect-form')];
    const device = this.#element<GkDeviceSettings>('gk-device-settings');
    const generator = this.#element<GkLayoutEditor>('gk-layout-editor');
    this._valid =
      forms.every((f) => f.valid) && (device?.valid ?? true) && (generator?.valid ?? true);
    this._ledCount = device?.ledCount;
  }

  #onEdit = (): void => {
    this._saved = undefined;
    void this.#refresh();
  };

  #onLedCountRequest = (event: CustomEvent<LedCountRequestDetail>): void => {
    this.#element<GkDeviceSettings>('gk-device-settings')?.setLedCount(event.detail.count);
  };

  async #save(): Promise<void> {
    const instance = this.#instance;
    if (!instance || !this.#baseline) return;
    const draft = this.#draft();
    const changed = changedGroups(this.#baseline, draft);
    if (changed.length === 0) return;
    const groups = Object.fromEntries(changed.map((group) => [group, draft[group]]));
    this._saved = undefined;
    await this.#saving.run(instance, groups);
  }

  /**
   * Saves the instance's groups, then the global ones: those restart the service after the
   * reply, so they go last, and the page reads the configuration again once it is back.
   */
  async #saveGroups(instance: StoredInstance, groups: Json): Promise<void> {
    const connection = this.ctx.connection;
    const own = Object.entries(groups).filter(([group]) => !GLOBAL_GROUPS.includes(group));
    const global = Object.entries(groups).filter(([group]) => GLOBAL_GROUPS.includes(group));
    const answers = [];
    if (own.length > 0) {
      answers.push(
        await saveGroups(connection, instance.id, Object.fromEntries(own), {
          timeoutMs: SAVE_TIMEOUT_MS,
        }),
      );
    }
    if (global.length > 0) answers.push(await this.#saveGlobal(Object.fromEntries(global)));
    // The page starts again from what the server stored (and rebuilt the instance with).
    const config = await fetchConfig(connection);
    this._instances = config.instances;
    this.#global = config.global.settings;
    const saved = this._instances.find((i) => i.id === instance.id);
    if (saved) this.#use(saved);
    await this.#refresh(true);
    const last = answers[answers.length - 1];
    if (!last) return;
    this._saved = {
      info: { ...last.info, changed: answers.flatMap((a) => a.info.changed) },
      warnings: answers.flatMap((a) => a.warnings),
    };
  }

  /** Saves global groups and, when the service restarts for them, waits until it is back. */
  async #saveGlobal(groups: Json) {
    // Watching from before the request: a restart quicker than the reply's handling counts.
    const watch = new RestartWatch(this.ctx.connection, () => {});
    try {
      const answer = await saveGlobalGroups(this.ctx.connection, groups, {
        timeoutMs: SAVE_TIMEOUT_MS,
      });
      if (answer.info.restarted !== 'service') return answer;
      watch.replied();
      await watch.back;
      return answer;
    } finally {
      watch.cancel();
    }
  }

  /** The last save's violations, each by the section it concerns. */
  get #violations(): Violations {
    const error = this.#saving.error;
    return error instanceof ServerError ? violationsBySection(error.details) : {};
  }

  /** Back to what is stored. */
  async #discard(): Promise<void> {
    const instance = this.#instance;
    if (!instance) return;
    this.#use(instance);
    this.#saving.clear();
    this._saved = undefined;
    this.requestUpdate();
    await this.#refresh(true);
  }

  #renderPicker(): TemplateResult | typeof nothing {
    return instancePicker({
      instances: this.ctx.store.instances,
      current: this.#instance?.id,
      disabled: this.#saving.pending,
      t: (key, vars) => this.t(key, vars),
      navigate: (path) => this.ctx.router.navigate(path),
      path: '/setup',
    });
  }

  #renderViolations(section: Section | 'other'): TemplateResult | typeof nothing {
    const lines = this.#violations[section];
    if (!lines || lines.length === 0) return nothing;
    return html`<div class="violations" role="alert">
      <ul>
        ${lines.map((line) => html`<li>${line}</li>`)}
      </ul>
    </div>`;
  }

  /**
   * A group's form. Its value is set only when `value` is another object: the form starts afresh
   * from any value it is given, and Lit would set an object binding again on every render.
   */
  #form(id: string, schema: GroupFormSchema, value: Json, className = ''): TemplateResult {
    return html`<gk-effect-form
      id=${id || nothing}
      class=${className || nothing}
      .schema=${schema}
      .value=${guard([value], () => value)}
      .translator=${this.ctx.translator}
      .heading=${false}
      ?disabled=${this.#saving.pending}
      @input=${this.#onEdit}
      @change=${this.#onEdit}
    ></gk-effect-form>`;
  }

  #renderSections(schemas: SettingsSchemasInfo): TemplateResult {
    const { smoothing, color, channelAdjustment } = this.#forms;
    return html`<section class="card" aria-labelledby="device-heading">
        <h2 id="device-heading">${this.t('web_setup_device')}</h2>
        <gk-device-settings
          .translator=${this.ctx.translator}
          .connection=${this.ctx.connection}
          .schemas=${schemas.devices}
          .device=${this.#device}
          ?disabled=${this.#saving.pending}
          @device-change=${this.#onEdit}
        ></gk-device-settings>
        ${this.#renderViolations('device')}
      </section>
      <section class="card" aria-labelledby="layout-heading">
        <h2 id="layout-heading">${this.t('web_setup_layout')}</h2>
        <gk-layout-editor
          .ctx=${this.ctx}
          .instance=${this.#instance?.id}
          .leds=${this.#leds}
          .spec=${this.#spec}
          .deviceLedCount=${this._ledCount}
          @layout-change=${this.#onEdit}
          @led-count-request=${this.#onLedCountRequest}
        ></gk-layout-editor>
        ${this.#renderViolations('layout')}
      </section>
      ${
        smoothing
          ? html`<section class="card" aria-labelledby="smoothing-heading">
              <h2 id="smoothing-heading">${this.t('web_setup_smoothing')}</h2>
              ${this.#form('smoothing-form', smoothing, this.#smoothing)}
              ${this.#renderViolations('smoothing')}
            </section>`
          : nothing
      }
      ${
        color || channelAdjustment
          ? html`<section class="card" aria-labelledby="color-heading">
              <h2 id="color-heading">${this.t('web_setup_color')}</h2>
              ${color ? this.#form('color-form', color, this.#color) : nothing}
              ${
                channelAdjustment
                  ? this.#adjustments.map(
                      (adjustment, i) =>
                        html`<div class="adjustment">
                          <h3>
                            ${this.t('web_setup_adjustment', { id: String(adjustment.id ?? i + 1) })}
                          </h3>
                          ${this.#form('', channelAdjustment, adjustment, 'adjustment-form')}
                        </div>`,
                    )
                  : nothing
              }
              ${this.#renderViolations('color')}
            </section>`
          : nothing
      }
      ${this.#formsSection('effects', [
        ['foregroundEffect', 'edt_conf_fge_heading_title'],
        ['backgroundEffect', 'edt_conf_bge_heading_title'],
      ])}
      ${this.#plainSection('blackborder', 'blackborderdetector')}
      ${this.#plainSection('boblight', 'boblightServer')}
      ${this.#formsSection('inputs', [
        ['flatbufServer', 'web_setup_inputs_flatbuffers'],
        ['protoServer', 'web_setup_inputs_protobuf'],
      ])}
      ${this.#networkSection()}`;
  }

  /**
   * The `network` group: its own keys, then its `mqtt` object (the MQTT client, Home Assistant)
   * under a heading of its own; both forms come from the group's schema.
   */
  #networkSection(): TemplateResult | typeof nothing {
    const { network, mqtt } = this.#forms;
    if (!network && !mqtt) return nothing;
    return html`<section class="card" aria-labelledby="network-heading">
      <h2 id="network-heading">${this.t('web_setup_network')}</h2>
      <p class="muted">${this.t('web_setup_network_note')}</p>
      ${network ? this.#form('network-form', network, this.#network) : nothing}
      ${
        mqtt
          ? html`<h3>${this.t(mqtt.title)}</h3>
              ${mqtt.description ? html`<p class="muted">${this.t(mqtt.description)}</p>` : nothing}
              ${this.#form('mqtt-form', mqtt, this.#mqtt)}`
          : nothing
      }
      ${this.#renderViolations('network')}
    </section>`;
  }

  /**
   * A section of several groups' forms, each under its heading, with the section's note
   * (`web_setup_<section>_note`), if the server sent one of those forms.
   */
  #formsSection(
    section: Section,
    forms: readonly (readonly [PlainGroup, string])[],
  ): TemplateResult | typeof nothing {
    if (!forms.some(([group]) => this.#forms[group])) return nothing;
    return html`<section class="card" aria-labelledby="${section}-heading">
      <h2 id="${section}-heading">${this.t(`web_setup_${section}`)}</h2>
      <p class="muted">${this.t(`web_setup_${section}_note`)}</p>
      ${forms.map(([group, heading]) => this.#plainForm(group, heading))}
      ${this.#renderViolations(section)}
    </section>`;
  }

  /** A section of one group's form (`<group>-form`), if the server sent that form. */
  #plainSection(section: Section, group: PlainGroup): TemplateResult | typeof nothing {
    const schema = this.#forms[group];
    if (!schema) return nothing;
    return html`<section class="card" aria-labelledby="${section}-heading">
      <h2 id="${section}-heading">${this.t(`web_setup_${section}`)}</h2>
      ${this.#form(`${group}-form`, schema, this.#plain[group])}
      ${this.#renderViolations(section)}
    </section>`;
  }

  /** One group's form under a heading of its own, inside a section. */
  #plainForm(group: PlainGroup, heading: string): TemplateResult | typeof nothing {
    const schema = this.#forms[group];
    if (!schema) return nothing;
    return html`<h3>${this.t(heading)}</h3>
      ${this.#form(`${group}-form`, schema, this.#plain[group])}`;
  }

  /**
   * Why the last save failed, for the save bar: a refusal names the sections whose violations
   * they show, and lists the lines that concern none of them.
   */
  #saveError(violations: Violations, troubled: readonly string[]): ErrorParts | undefined {
    const error = this.#saving.error;
    if (!(error instanceof ServerError)) return errorParts(error);
    const message =
      troubled.length > 0
        ? this.t('web_setup_refused', { error: error.error, sections: troubled.join(', ') })
        : error.error;
    return { message, details: violations.other ?? [] };
  }

  #renderSaveBar(): TemplateResult {
    const changed = this._changed.length > 0;
    const canSave = changed && this._valid && !this.#saving.pending && this.#baseline !== undefined;
    const violations = this.#violations;
    const troubled = SECTIONS.filter((s) => (violations[s]?.length ?? 0) > 0).map((s) =>
      this.t(`web_setup_${s}`),
    );
    const status = saveStatusText(
      {
        saving: this.#saving.pending,
        saved: this._saved,
        changed: this._changed,
        valid: this._valid,
      },
      (key, vars) => this.t(key, vars),
    );
    return html`<div class="save-bar">
      <button class="primary" type="button" ?disabled=${!canSave} @click=${this.#save}>
        ${this.t('web_setup_save')}
      </button>
      <button type="button" ?disabled=${!changed || this.#saving.pending} @click=${this.#discard}>
        ${this.t('web_setup_discard')}
      </button>
      <p role="status" class=${this._saved ? 'saved' : ''}>${status}</p>
      ${renderErrorParts(this.#saveError(violations, troubled))}
    </div>`;
  }

  protected override render(): TemplateResult {
    const status = this._status;
    const heading = html`<h1>${this.t('web_setup_title')}</h1>`;
    if (status.state === 'loading' && !this.#instance) {
      return html`${heading}
        <p role="status">${this.t('web_loading')}</p>`;
    }
    if (status.state === 'failed') {
      return html`${heading}
        ${renderError(status.error)}
        <button type="button" @click=${() => void this.#loadInstance(this.#shownKey ?? '')}>
          ${this.t('web_setup_retry')}
        </button>`;
    }
    if (status.state === 'missing') {
      return html`${heading} ${this.#renderPicker()}
        <p role="alert">${this.t('web_setup_missing', { id: status.id })}</p>`;
    }
    const schemas = this.#schemas;
    return html`${heading} ${this.#renderPicker()}
      ${status.state === 'loading' ? html`<p role="status">${this.t('web_loading')}</p>` : nothing}
      ${schemas ? this.#renderSections(schemas) : nothing} ${this.#renderSaveBar()}`;
  }
}

defineElement('gk-setup-page', GkSetupPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-setup-page': GkSetupPage;
  }
}
