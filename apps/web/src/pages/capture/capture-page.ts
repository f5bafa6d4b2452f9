import '@glowkit/elements/effect-form';
import { defineElement, type GkEffectForm } from '@glowkit/elements/components';
import type {
  GroupFormSchema,
  InputSourceDiscovery,
  SettingsSchemasInfo,
  StoredInstance,
} from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ServerError } from '../../api/connection.js';
import { RestartWatch } from '../../api/restart-watch.js';
import { Action } from '../../app/action.js';
import { GkPage } from '../../app/page.js';
import '../../components/crop-handles/crop-handles.js';
import type { CropMoveDetail } from '../../components/crop-handles/crop-handles.js';
import { renderError } from '../../components/error-message/error-message.js';
import '../../components/input-picture/input-picture.js';
import { instancePicker } from '../../components/instance-picker/instance-picker.js';
import {
  discoverInputSources,
  fetchConfig,
  fetchSchemas,
  saveGlobalGroups,
  saveGroups,
} from '../../data/calls.js';
import { setupStyles } from '../setup/setup-page.styles.js';
import {
  type CaptureChoice,
  type CaptureKind,
  CROP_KEY,
  captureChoices,
  cropAt,
  cropOf,
  decimatedSize,
  type Edge,
  formOf,
  GRABBER_GROUP,
  grabberStatus,
  handleAt,
  isMissingCommand,
  type Json,
  modesOf,
  rateChoices,
  storedChoice,
} from './capture-data.js';
import { captureStyles } from './capture-page.styles.js';

/** What discovery found: the choices, or that the server has no capture, or why it failed. */
type Discovery =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; choices: CaptureChoice[] };

/** The value of the "capture off" choice. */
const OFF = 'off';

/** The keys each grabber's form shows; the page's own selects edit the rest it saves. */
const FORM_KEYS: Readonly<Record<CaptureKind, readonly string[]>> = {
  screen: ['cropLeft', 'cropRight', 'cropTop', 'cropBottom'],
  video: [
    'cropLeft',
    'cropRight',
    'cropTop',
    'cropBottom',
    'flip',
    'fpsSoftwareDecimation',
    'signalDetection',
    'redSignalThreshold',
    'greenSignalThreshold',
    'blueSignalThreshold',
    'noSignalCounterThreshold',
    'sDVOffsetMin',
    'sDVOffsetMax',
    'sDHOffsetMin',
    'sDHOffsetMax',
  ],
};

/** The `instCapture` keys the page shows. */
const INSTANCE_KEYS = [
  'systemEnable',
  'systemPriority',
  'screenInactiveTimeout',
  'v4lEnable',
  'v4lPriority',
  'videoInactiveTimeout',
];

/** The decimation key of each grabber. */
const DECIMATION: Readonly<Record<CaptureKind, string>> = {
  screen: 'pixelDecimation',
  video: 'sizeDecimation',
};

/** Saving a grabber's group may restart the server's services: allow it some time. */
const SAVE_TIMEOUT_MS = 30_000;

/**
 * Capture on the server's machine (`/capture`, `/capture/<instance>`): what to capture, chosen
 * from what `inputsource discover` found (a screen or a USB video device, or nothing), its size
 * (decimation) and frame rate from what the source offers, its crop (number fields, and edge
 * handles on the live picture while the grabber's picture shows), which instance takes it
 * (`instCapture`), and the grabber's status as the server pushes it, when it reports one. Saved through the
 * groups' schemas: the chosen grabber's global group (`framegrabber` or `grabberV4L2`), then the
 * instance's `instCapture`; the server's violations are shown in the section they concern.
 */
export class GkCapturePage extends GkPage {
  static override styles = [...GkPage.styles, setupStyles, captureStyles];

  @state() private _discovery: Discovery = { state: 'loading' };
  @state() private _loadError: unknown = undefined;
  @state() private _instances: StoredInstance[] = [];
  /** The chosen source's id, or {@link OFF}. */
  @state() private _choice = OFF;
  /** The grabbers' groups as edited (the page's selects and the forms' values). */
  @state() private _groups: { framegrabber: Json; grabberV4L2: Json } = {
    framegrabber: {},
    grabberV4L2: {},
  };
  @state() private _saved = false;
  /** Whether every form holds values the server can take (each marks its own invalid fields). */
  @state() private _valid = true;

  readonly #saving = new Action(this, () => this.#saveAll());

  #schemas: SettingsSchemasInfo | undefined;
  /** The stored grabber groups: the live picture was captured with their crops. */
  #stored: { framegrabber: Json; grabberV4L2: Json } = { framegrabber: {}, grabberV4L2: {} };
  /** What each form starts from (a new object only when it must start afresh). */
  #formValues: { framegrabber: Json; grabberV4L2: Json; instCapture: Json } = {
    framegrabber: {},
    grabberV4L2: {},
    instCapture: {},
  };
  #shownKey: string | undefined;
  #load = 0;
  /** Each grabber's form, made once per schema: a new schema object starts a form afresh. */
  readonly #grabberForms = new WeakMap<GroupFormSchema, GroupFormSchema>();
  #instanceForm: GroupFormSchema | undefined;

  protected override willUpdate(): void {
    const key = this.params[0] ?? '';
    if (this.ctx && key !== this.#shownKey) {
      const first = this.#shownKey === undefined;
      this.#shownKey = key;
      if (first) void this.#loadAll();
      else this.#useInstance();
    }
  }

  get #instance(): StoredInstance | undefined {
    const key = this.#shownKey ?? '';
    return key === '' ? this._instances[0] : this._instances.find((i) => String(i.id) === key);
  }

  /** Reads the forms, the configuration, the grabbers' status and what discovery finds. */
  async #loadAll(): Promise<void> {
    const load = ++this.#load;
    this._loadError = undefined;
    const connection = this.ctx.connection;
    try {
      const [schemas, config] = await Promise.all([
        this.#schemas ?? fetchSchemas(connection),
        fetchConfig(connection),
      ]);
      if (load !== this.#load) return;
      this.#schemas = schemas;
      this._instances = config.instances;
      const global = config.global.settings as Json;
      this.#stored = {
        framegrabber: { ...(global.framegrabber as Json | undefined) },
        grabberV4L2: { ...(global.grabberV4L2 as Json | undefined) },
      };
      this._groups = { ...this.#stored };
      this.#formValues = {
        ...this.#formValues,
        framegrabber: { ...this.#stored.framegrabber },
        grabberV4L2: { ...this.#stored.grabberV4L2 },
      };
      this.#useInstance();
    } catch (error) {
      if (load === this.#load) this._loadError = error;
      return;
    }
    await this.#discover(load);
  }

  /** Starts the instance's form afresh from its stored `instCapture`. */
  #useInstance(): void {
    const settings = (this.#instance?.settings ?? {}) as Json;
    this.#formValues = {
      ...this.#formValues,
      instCapture: { ...(settings.instCapture as Json | undefined) },
    };
    this.requestUpdate();
  }

  async #discover(load: number): Promise<void> {
    this._discovery = { state: 'loading' };
    const connection = this.ctx.connection;
    const attempt = (type: 'screen' | 'video') =>
      discoverInputSources(connection, type).then(
        (info): InputSourceDiscovery | Error => info,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    const [screen, video] = await Promise.all([attempt('screen'), attempt('video')]);
    if (load !== this.#load) return;
    const failed = [screen, video].find((r) => r instanceof Error);
    if (failed && isMissingCommand(failed)) {
      this._discovery = { state: 'missing' };
      return;
    }
    if (screen instanceof Error && video instanceof Error) {
      this._discovery = { state: 'failed', error: screen };
      return;
    }
    const choices = captureChoices(
      screen instanceof Error ? undefined : screen,
      video instanceof Error ? undefined : video,
    );
    this._discovery = { state: 'ready', choices };
    this._choice = storedChoice(choices, this.#stored)?.id ?? OFF;
  }

  get #chosen(): CaptureChoice | undefined {
    const discovery = this._discovery;
    return discovery.state === 'ready'
      ? discovery.choices.find((c) => c.id === this._choice)
      : undefined;
  }

  #element<T extends Element>(selector: string): T | null {
    return this.renderRoot.querySelector<T>(selector);
  }

  /**
   * A grabber group as edited: stored keys, then the page's selects, handles and form, each
   * edit written into `_groups` as it happens (so a handle's crop and the form never disagree).
   */
  #draftOf(kind: CaptureKind): Json {
    return this._groups[GRABBER_GROUP[kind]];
  }

  /** A form was edited: a grabber's values go into its group as edited. */
  #onFormEdit(group: string): void {
    this._saved = false;
    this._valid = [...this.renderRoot.querySelectorAll<GkEffectForm>('gk-effect-form')].every(
      (form) => form.valid,
    );
    if (group === 'framegrabber' || group === 'grabberV4L2') {
      const form = this.#element<GkEffectForm>(`#${group}-form`);
      if (form)
        this._groups = { ...this._groups, [group]: { ...this._groups[group], ...form.value } };
    }
    this.requestUpdate();
  }

  #setKeys(kind: CaptureKind, keys: Json, restartForm = false): void {
    const group = GRABBER_GROUP[kind];
    const next = { ...this.#draftOf(kind), ...keys };
    this._groups = { ...this._groups, [group]: next };
    if (restartForm) this.#formValues = { ...this.#formValues, [group]: { ...next } };
    this._saved = false;
  }

  #onChoose(id: string): void {
    this._choice = id;
    this._saved = false;
    const chosen = this.#chosen;
    if (!chosen) return;
    const keys: Json = { device: chosen.device, input: chosen.input.inputIdx };
    if (chosen.kind === 'video') {
      // The first mode the device offers, unless the stored one is among its modes.
      const modes = modesOf(chosen.input);
      const group = this._groups.grabberV4L2;
      const stored = modes.find(
        (m) => m.width === group.width && m.height === group.height && m.format === group.encoding,
      );
      const mode = stored ?? modes[0];
      if (mode)
        Object.assign(keys, { encoding: mode.format, width: mode.width, height: mode.height });
    }
    this.#setKeys(chosen.kind, keys);
  }

  /** The size the chosen source captures at: the screen's, or the video mode's. */
  #captureSize(choice: CaptureChoice): { width: number; height: number } | undefined {
    if (choice.kind === 'video') {
      const group = this._groups.grabberV4L2;
      const w = group.width;
      const h = group.height;
      return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0
        ? { width: w, height: h }
        : undefined;
    }
    const r = choice.input.formats[0]?.resolutions[0];
    return r ? { width: r.width, height: r.height } : undefined;
  }

  #onCropMove = (event: CustomEvent<CropMoveDetail>): void => {
    const chosen = this.#chosen;
    const size = chosen && this.#captureSize(chosen);
    if (!chosen || !size) return;
    const group = GRABBER_GROUP[chosen.kind];
    const edited = cropOf(this.#draftOf(chosen.kind));
    const crop = cropAt(
      event.detail.edge,
      event.detail.fraction,
      size,
      cropOf(this.#stored[group]),
      edited,
    );
    this.#setKeys(chosen.kind, { [CROP_KEY[event.detail.edge]]: crop }, true);
  };

  async #saveAll(): Promise<void> {
    const chosen = this.#chosen;
    const instance = this.#instance;
    const connection = this.ctx.connection;
    this._saved = false;
    // The chosen grabber on, the other off; "capture off" switches both off.
    const groups: Json = {};
    for (const kind of ['screen', 'video'] as const) {
      const group = GRABBER_GROUP[kind];
      const draft = this.#draftOf(kind);
      groups[group] = { ...draft, enable: chosen?.kind === kind };
    }
    const changed = Object.fromEntries(
      Object.entries(groups).filter(
        ([group, value]) =>
          JSON.stringify(value) !== JSON.stringify(this.#stored[group as 'framegrabber']),
      ),
    );
    if (instance) {
      const form = this.#element<GkEffectForm>('#instCapture-form');
      const instCapture: Json = { ...this.#formValues.instCapture, ...(form?.value ?? {}) };
      await saveGroups(connection, instance.id, { instCapture }, { timeoutMs: SAVE_TIMEOUT_MS });
    }
    if (Object.keys(changed).length > 0) {
      const watch = new RestartWatch(connection, () => {});
      try {
        const answer = await saveGlobalGroups(connection, changed, { timeoutMs: SAVE_TIMEOUT_MS });
        if (answer.info.restarted === 'service') {
          watch.replied();
          await watch.back;
        }
      } finally {
        watch.cancel();
      }
    }
    const keep = this._choice;
    await this.#loadAll();
    this._choice = keep;
    this._saved = true;
  }

  /** The last save's violations for `groups` (`/config/<group>/…`), else none. */
  #violations(groups: readonly string[]): TemplateResult | typeof nothing {
    const error = this.#saving.error;
    if (!(error instanceof ServerError)) return nothing;
    const lines = error.details.filter((line) =>
      groups.some((g) => line.startsWith(`/config/${g}/`) || line.startsWith(`/config/${g}:`)),
    );
    if (lines.length === 0) return nothing;
    return html`<div class="violations" role="alert">
      <ul>
        ${lines.map((line) => html`<li>${line}</li>`)}
      </ul>
    </div>`;
  }

  #form(group: string, schema: GroupFormSchema, value: Json): TemplateResult {
    return html`<gk-effect-form
      id="${group}-form"
      .schema=${schema}
      .value=${guard([value], () => value)}
      .translator=${this.ctx.translator}
      .heading=${false}
      ?disabled=${this.#saving.pending}
      @input=${() => this.#onFormEdit(group)}
      @change=${() => this.#onFormEdit(group)}
    ></gk-effect-form>`;
  }

  #renderSources(): TemplateResult {
    const discovery = this._discovery;
    let body: TemplateResult | typeof nothing;
    if (discovery.state === 'loading') {
      body = html`<p role="status">${this.t('web_capture_discovering')}</p>`;
    } else if (discovery.state === 'missing') {
      body = html`<p role="status" data-capture="unavailable">
        ${this.t('web_capture_unavailable')}
      </p>`;
    } else if (discovery.state === 'failed') {
      body = renderError(discovery.error);
    } else {
      const choices = discovery.choices;
      const screens = choices.filter((c) => c.kind === 'screen');
      const videos = choices.filter((c) => c.kind === 'video');
      body = html`${
        choices.length === 0
          ? html`<p role="status" data-capture="none">${this.t('web_capture_none')}</p>`
          : nothing
      }
        <fieldset class="choices">
          <legend>${this.t('web_capture_choose')}</legend>
          ${this.#radio(OFF, this.t('web_capture_off'), '')}
          ${screens.map((c) => this.#radio(c.id, this.#choiceLabel(c), c.note ?? ''))}
          ${videos.map((c) => this.#radio(c.id, this.#choiceLabel(c), c.note ?? ''))}
        </fieldset>
        ${
          choices.length > 0 && videos.length === 0
            ? html`<p class="muted">${this.t('web_capture_no_video')}</p>`
            : nothing
        }`;
    }
    return html`<section class="card" aria-labelledby="source-heading">
      <h2 id="source-heading">${this.t('web_capture_source')}</h2>
      ${body}
    </section>`;
  }

  #choiceLabel(choice: CaptureChoice): string {
    const size = choice.input.formats[0]?.resolutions[0];
    const vars = {
      name: choice.deviceName,
      input: choice.input.name,
      device: choice.device,
      size: size ? `${size.width}×${size.height}` : '',
    };
    return choice.kind === 'screen'
      ? this.t(size ? 'web_capture_screen_sized' : 'web_capture_screen', vars)
      : this.t('web_capture_video', vars);
  }

  #radio(id: string, label: string, note: string): TemplateResult {
    return html`<label class="choice">
      <input
        type="radio"
        name="source"
        .value=${id}
        .checked=${this._choice === id}
        ?disabled=${this.#saving.pending}
        @change=${() => this.#onChoose(id)}
      />
      <span>${label}${note ? html`<br /><span class="muted">${note}</span>` : nothing}</span>
    </label>`;
  }

  #renderGrabber(choice: CaptureChoice): TemplateResult | typeof nothing {
    const kind = choice.kind;
    const group = GRABBER_GROUP[kind];
    const schema = this.#schemas?.groups?.[group] as GroupFormSchema | undefined;
    const edited = this.#draftOf(kind);
    const size = this.#captureSize(choice);
    const decimation = Number(edited[DECIMATION[kind]] ?? 8);
    const decimations = Array.from({ length: 30 }, (_, i) => i + 1);
    const modes = kind === 'video' ? modesOf(choice.input) : [];
    const modeKey = (m: { format: string; width: number; height: number }) =>
      `${m.format}:${m.width}x${m.height}`;
    const mode = modes.find(
      (m) => m.format === edited.encoding && m.width === edited.width && m.height === edited.height,
    );
    const offered =
      kind === 'screen' ? (choice.input.formats[0]?.resolutions[0]?.fps ?? []) : (mode?.fps ?? []);
    const rates = rateChoices(offered, edited.fps);
    const heading = kind === 'screen' ? 'web_capture_screen_heading' : 'web_capture_video_heading';
    return html`<section class="card" aria-labelledby="grabber-heading">
      <h2 id="grabber-heading">${this.t(heading)}</h2>
      ${this.#renderStatus(kind)}
      <div class="fields">
        ${
          kind === 'video' && modes.length > 0
            ? html`<label>
                <span>${this.t('web_capture_mode')}</span>
                <select
                  id="capture-mode"
                  ?disabled=${this.#saving.pending}
                  @change=${(e: Event) => {
                    const m = modes.find(
                      (x) => modeKey(x) === (e.target as HTMLSelectElement).value,
                    );
                    if (m)
                      this.#setKeys('video', {
                        encoding: m.format,
                        width: m.width,
                        height: m.height,
                      });
                  }}
                >
                  ${modes.map(
                    (m) =>
                      html`<option value=${modeKey(m)} ?selected=${mode === m}>
                        ${m.format} ${m.width}×${m.height}
                      </option>`,
                  )}
                </select>
              </label>`
            : nothing
        }
        <label>
          <span>${this.t('web_capture_size')}</span>
          <select
            id="capture-decimation"
            ?disabled=${this.#saving.pending}
            @change=${(e: Event) =>
              this.#setKeys(kind, {
                [DECIMATION[kind]]: Number((e.target as HTMLSelectElement).value),
              })}
          >
            ${decimations.map((d) => {
              const out = size ? decimatedSize(size, cropOf(edited), d) : undefined;
              return html`<option value=${d} ?selected=${d === decimation}>
                ${this.t(out ? 'web_capture_decimation_sized' : 'web_capture_decimation', {
                  d,
                  size: out ? `${out.width}×${out.height}` : '',
                })}
              </option>`;
            })}
          </select>
        </label>
        ${
          rates.length > 0
            ? html`<label>
                <span>${this.t('web_capture_fps')}</span>
                <select
                  id="capture-fps"
                  ?disabled=${this.#saving.pending}
                  @change=${(e: Event) =>
                    this.#setKeys(kind, { fps: Number((e.target as HTMLSelectElement).value) })}
                >
                  ${rates.map(
                    (r) => html`<option value=${r} ?selected=${r === edited.fps}>${r}</option>`,
                  )}
                </select>
              </label>`
            : nothing
        }
      </div>
      ${this.#renderPicture(choice)}
      ${schema ? this.#form(group, this.#grabberForm(schema, kind), this.#formValues[group]) : nothing}
      ${this.#violations([group])}
    </section>`;
  }

  #grabberForm(schema: GroupFormSchema, kind: CaptureKind): GroupFormSchema {
    let form = this.#grabberForms.get(schema);
    if (!form) {
      form = formOf(schema, FORM_KEYS[kind]);
      this.#grabberForms.set(schema, form);
    }
    return form;
  }

  /** A grabber's state in words: the known ones translated, another as the server says it. */
  #stateWords(state: string): string {
    const key = `web_capture_state_${state.replaceAll('-', '_')}`;
    const words = this.t(key);
    return words === key ? state : words;
  }

  /**
   * A grabber's status: the store's, read with `serverinfo` and then pushed while the grabber
   * starts or runs (and once when it stopped), so it follows the grabber without asking again.
   */
  #renderStatus(kind: CaptureKind): TemplateResult {
    const status = grabberStatus(this.ctx.store.grabbers, kind);
    if (!status) {
      return html`<p class="muted" data-grabber-state="unknown">
        ${this.t('web_capture_status_unknown')}
      </p>`;
    }
    return html`<p role="status" data-grabber-state=${status.state}>
      ${this.t('web_capture_status', { state: this.#stateWords(status.state) })}
      ${status.fps !== undefined ? this.t('web_capture_status_fps', { fps: status.fps }) : ''}
      ${status.error ? html`<br />${status.error}` : nothing}
      ${
        status.signal !== undefined
          ? html`<br />${this.t(status.signal ? 'web_capture_signal_yes' : 'web_capture_signal_no')}`
          : nothing
      }
    </p>`;
  }

  /**
   * The instance's live input picture, with crop handles while the picture shown is this
   * grabber's (its crops are then the stored ones the handles start from).
   */
  #renderPicture(choice: CaptureChoice): TemplateResult | typeof nothing {
    const instance = this.#instance;
    if (!instance) return nothing;
    const visible = this.ctx.store.state(instance.id)?.priorities.find((p) => p.visible);
    const component = choice.kind === 'screen' ? 'GRABBER' : 'V4L';
    const size = this.#captureSize(choice);
    if (String(visible?.componentId) !== component || !size) {
      return html`<p class="muted">${this.t('web_capture_picture_when')}</p>`;
    }
    const group = GRABBER_GROUP[choice.kind];
    const saved = cropOf(this.#stored[group]);
    const edited = cropOf(this.#draftOf(choice.kind));
    const edges: Edge[] = ['top', 'bottom', 'left', 'right'];
    const positions = Object.fromEntries(
      edges.map((e) => [e, handleAt(e, size, saved, edited)]),
    ) as Record<Edge, number>;
    const labels = Object.fromEntries(
      edges.map((e) => [e, this.t('web_capture_crop_value', { px: edited[e] })]),
    );
    return html`<div class="picture">
      <gk-input-picture .ctx=${this.ctx} .instance=${instance.id} source=${visible?.origin ?? ''}>
        <gk-crop-handles
          .positions=${positions}
          .labels=${labels}
          .translator=${this.ctx.translator}
          ?disabled=${this.#saving.pending}
          @crop-move=${this.#onCropMove}
        ></gk-crop-handles>
      </gk-input-picture>
    </div>`;
  }

  #renderInstance(): TemplateResult | typeof nothing {
    const instance = this.#instance;
    const full = this.#schemas?.groups?.instCapture as GroupFormSchema | undefined;
    if (!instance || !full) return nothing;
    // The screen and USB keys: the audio grabber does not exist, and the device names are
    // display-only (kept as stored).
    this.#instanceForm ??= formOf(full, INSTANCE_KEYS);
    const schema = this.#instanceForm;
    return html`<section class="card" aria-labelledby="instance-heading">
      <h2 id="instance-heading">${this.t('web_capture_instance')}</h2>
      ${instancePicker({
        instances: this.ctx.store.instances,
        current: instance.id,
        disabled: this.#saving.pending,
        t: (key, vars) => this.t(key, vars),
        navigate: (path) => this.ctx.router.navigate(path),
        path: '/capture',
      })}
      <p class="muted">${this.t('web_capture_instance_note')}</p>
      ${this.#form('instCapture', schema, this.#formValues.instCapture)}
      ${this.#violations(['instCapture'])}
    </section>`;
  }

  protected override render(): TemplateResult {
    const heading = html`<h1>${this.t('web_capture_title')}</h1>`;
    if (this._loadError) {
      return html`${heading} ${renderError(this._loadError)}
        <button type="button" @click=${() => void this.#loadAll()}>
          ${this.t('web_setup_retry')}
        </button>`;
    }
    if (!this.#schemas) return html`${heading}<p role="status">${this.t('web_loading')}</p>`;
    const chosen = this.#chosen;
    const error = this.#saving.error;
    return html`${heading} ${this.#renderSources()} ${chosen ? this.#renderGrabber(chosen) : nothing}
      ${this.#renderInstance()}
      <div class="save-bar">
        <button
          class="primary"
          type="button"
          ?disabled=${this.#saving.pending || this._discovery.state !== 'ready' || !this._valid}
          @click=${() => void this.#saving.run()}
        >
          ${this.t('web_setup_save')}
        </button>
        <p role="status" class=${this._saved ? 'saved' : ''}>
          ${
            this.#saving.pending
              ? this.t('web_capture_saving')
              : this._saved
                ? this.t('web_capture_saved')
                : this._valid
                  ? ''
                  : this.t('web_setup_invalid')
          }
        </p>
        ${error && !(error instanceof ServerError && error.details.some((l) => l.startsWith('/config/'))) ? renderError(error) : nothing}
        ${error instanceof ServerError && error.details.some((l) => l.startsWith('/config/')) ? html`<p role="alert">${this.t('web_capture_refused', { error: error.error })}</p>` : nothing}
      </div>`;
  }
}

defineElement('gk-capture-page', GkCapturePage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-capture-page': GkCapturePage;
  }
}
