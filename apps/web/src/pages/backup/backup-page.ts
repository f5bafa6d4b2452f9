import { defineElement } from '@glowkit/elements/components';
import type { Configuration, SnapshotInfo } from '@glowkit/protocol';
import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { type RestartPhase, RestartWatch } from '../../api/restart-watch.js';
import { GkPage } from '../../app/page.js';
import { renderError } from '../../components/error-message/error-message.js';
import { fetchConfig, fetchSnapshots } from '../../data/calls.js';
import type { BackupCheck } from './backup-file.js';
import { backupFileName } from './backup-name.js';
import { backupStyles } from './backup-page.styles.js';
import { renderProblems, renderSummary } from './backup-views.js';
import type { MissingBootEffect } from './boot-effects.js';
import { type ConfigDiff, diffConfigurations } from './config-diff.js';

/** A file chosen for restoring, once read and checked. */
interface ChosenFile {
  name: string;
  check: BackupCheck;
  /** What restoring it would change, once the current configuration is fetched. */
  diff?: ConfigDiff;
  /** Its boot and background effects that this server does not have. */
  missing?: MissingBootEffect[];
}

/** A restore under way: a file's configuration, or a snapshot. */
type Restore = { kind: 'file' } | { kind: 'snapshot'; id: number };

/** Restores take a transaction and a snapshot: more than an ordinary reply's time. */
const RESTORE_TIMEOUT_MS = 60_000;

/**
 * Backup and restore: download the configuration as a file; restore one from a file, checked in
 * the browser and summarised (what would change) before anything is sent; undo through the
 * snapshots the server keeps. A restore restarts the server: a restart screen follows the
 * connection until it is back, then the page shows "Restored".
 */
export class GkBackupPage extends GkPage {
  static override styles = [...GkPage.styles, backupStyles];

  @state() private _downloading = false;
  /** The name the last backup was saved as. */
  @state() private _downloaded = '';
  @state() private _downloadError: unknown = undefined;
  @state() private _file: ChosenFile | undefined = undefined;
  /** The name of the file being read. */
  @state() private _reading = '';
  @state() private _dragging = false;
  @state() private _diffError: unknown = undefined;
  /** Why the last restore failed, shown next to the control that started it. */
  @state() private _restoreError: { error: unknown; restore: Restore } | undefined = undefined;
  /** The restore whose restart the page waits for. */
  @state() private _restart: Restore | undefined = undefined;
  @state() private _phase: RestartPhase = 'waiting';
  /** The restore that finished, for the "Restored" message. */
  @state() private _restored: Restore | undefined = undefined;
  @state() private _snapshots: SnapshotInfo[] | undefined = undefined;
  @state() private _snapshotsError: unknown = undefined;
  /** The snapshot whose restore waits for confirmation. */
  @state() private _confirming: number | undefined = undefined;

  #watch: RestartWatch | undefined;
  /** Reloads the snapshots whenever the connection comes back (a restore from elsewhere too). */
  readonly #onState = () => {
    if (this.ctx.connection.state === 'open' && !this._restart) void this.#loadSnapshots();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.ctx.connection.addEventListener('state', this.#onState);
    void this.#loadSnapshots();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.ctx.connection.removeEventListener('state', this.#onState);
    this.#watch?.cancel();
  }

  // ---- download

  async #download(): Promise<void> {
    this._downloading = true;
    this._downloadError = undefined;
    this._downloaded = '';
    try {
      const config = await fetchConfig(this.ctx.connection);
      const name = backupFileName(new Date());
      const blob = new Blob([`${JSON.stringify(config, null, 2)}\n`], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      // A link with `download` saves the file; the router leaves such links alone.
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      this.renderRoot.appendChild(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      this._downloaded = name;
    } catch (error) {
      this._downloadError = error;
    } finally {
      this._downloading = false;
    }
  }

  // ---- restore from a file

  #chosen(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) void this.#read(file);
  }

  #dragOver(event: DragEvent): void {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    this._dragging = true;
  }

  #drop(event: DragEvent): void {
    event.preventDefault();
    this._dragging = false;
    const file = event.dataTransfer?.files[0];
    if (file) void this.#read(file);
  }

  /** Reads and checks a file, then (when it is valid) fetches the current configuration to compare. */
  async #read(file: File): Promise<void> {
    this._file = undefined;
    this._diffError = undefined;
    this._restoreError = undefined;
    this._restored = undefined;
    this._reading = file.name;
    let check: BackupCheck;
    let missingOf: (config: unknown) => MissingBootEffect[];
    try {
      // The check (and the groups' validators in it) loads with the first file, not the page.
      const [{ checkBackupText }, { missingBootEffects }, text] = await Promise.all([
        import('./backup-file.js'),
        import('./boot-effects.js'),
        file.text(),
      ]);
      check = checkBackupText(text);
      const effects = this.ctx.store.effects.map((e) => e.name);
      missingOf = (config) => missingBootEffects(config, effects);
    } catch (error) {
      this._reading = '';
      this._diffError = error;
      return;
    }
    const chosen: ChosenFile = { name: file.name, check };
    if (check.ok) {
      try {
        const current: Configuration = await fetchConfig(this.ctx.connection);
        chosen.diff = diffConfigurations(current, check.config);
        chosen.missing = missingOf(check.config);
      } catch (error) {
        this._diffError = error;
      }
    }
    this._reading = '';
    this._file = chosen;
  }

  #discard(): void {
    this._file = undefined;
    this._diffError = undefined;
    this._restoreError = undefined;
    const input = this.renderRoot.querySelector<HTMLInputElement>('#backup-file');
    if (input) {
      input.value = '';
      input.focus();
    }
  }

  async #restoreFile(): Promise<void> {
    const check = this._file?.check;
    if (!check?.ok) return;
    await this.#restore(
      { kind: 'file' },
      {
        command: 'config',
        subcommand: 'restoreconfig',
        config: check.config,
      },
    );
  }

  // ---- snapshots

  async #loadSnapshots(): Promise<void> {
    try {
      this._snapshots = await fetchSnapshots(this.ctx.connection);
      this._snapshotsError = undefined;
    } catch (error) {
      this._snapshotsError = error;
    }
  }

  async #confirmSnapshot(id: number): Promise<void> {
    this._confirming = id;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>(`#confirm-snapshot-${id}`)?.focus();
  }

  async #cancelSnapshot(id: number): Promise<void> {
    this._confirming = undefined;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>(`#restore-snapshot-${id}`)?.focus();
  }

  async #restoreSnapshot(id: number): Promise<void> {
    this._confirming = undefined;
    await this.#restore(
      { kind: 'snapshot', id },
      { command: 'config', subcommand: 'restoresnapshot', snapshot: id },
    );
  }

  // ---- the restore and its restart

  /**
   * Sends a restore, then shows the restart screen until the connection is back: the server
   * answers, closes every socket to restart, and the connection reopens by itself.
   */
  async #restore(restore: Restore, request: Record<string, unknown>): Promise<void> {
    this._restoreError = undefined;
    this._restored = undefined;
    this._phase = 'waiting';
    const watch = new RestartWatch(this.ctx.connection, (phase) => {
      this._phase = phase;
    });
    this.#watch = watch;
    this._restart = restore;
    void this.#focus('#restart');
    try {
      await this.ctx.connection.call(request, { timeoutMs: RESTORE_TIMEOUT_MS });
    } catch (error) {
      watch.cancel();
      this._restart = undefined;
      this._restoreError = { error, restore };
      void this.#focus('#restore-error');
      return;
    }
    watch.replied();
    await watch.back;
    if (this.#watch !== watch) return;
    this.#watch = undefined;
    this._restart = undefined;
    this._restored = restore;
    this._file = undefined;
    const input = this.renderRoot.querySelector<HTMLInputElement>('#backup-file');
    if (input) input.value = '';
    void this.#loadSnapshots();
    void this.#focus('#restored');
  }

  /** Moves the focus to what replaced the control that had it (which is gone). */
  async #focus(selector: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  // ---- rendering

  #date(iso: string): string {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    return new Intl.DateTimeFormat(this.ctx.translator.language, {
      dateStyle: 'medium',
      timeStyle: 'medium',
    }).format(date);
  }

  #size(bytes: number): string {
    return new Intl.NumberFormat(this.ctx.translator.language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 1,
    }).format(bytes / 1000);
  }

  /** The last restore's error, where its kind of restore is started (`file` or `snapshot`). */
  #renderRestoreError(kind: Restore['kind']): TemplateResult | typeof nothing {
    const error = this._restoreError;
    return error?.restore.kind === kind
      ? renderError(error.error, { id: 'restore-error' })
      : nothing;
  }

  #renderRestart(restore: Restore): TemplateResult {
    const title =
      restore.kind === 'file'
        ? this.t('web_backup_restarting')
        : this.t('web_backup_restarting_snapshot', { id: restore.id });
    const phase =
      this._phase === 'waiting'
        ? this.t('web_backup_restart_waiting')
        : this.t('web_backup_restart_reconnecting');
    return html`<section
      id="restart"
      class="card restart"
      role="status"
      tabindex="-1"
      data-testid="restart-screen"
    >
      <span class="spinner" aria-hidden="true"></span>
      <p class="restart-title">${title}</p>
      <p class="muted">${phase}</p>
    </section>`;
  }

  #renderDownload(): TemplateResult {
    return html`<section class="card" aria-labelledby="download-title">
      <h2 id="download-title">${this.t('web_backup_download_title')}</h2>
      <p class="muted">${this.t('web_backup_download_hint')}</p>
      <button
        type="button"
        class="primary"
        ?disabled=${this._downloading}
        @click=${this.#download}
      >
        ${this.t('web_backup_download')}
      </button>
      <div role="status">
        ${this._downloaded ? html`<p>${this.t('web_backup_downloaded', { file: this._downloaded })}</p>` : nothing}
      </div>
      ${renderError(this._downloadError)}
    </section>`;
  }

  /** Boot and background effects of the backup this server lacks: said before restoring. */
  #renderMissing(missing: readonly MissingBootEffect[]): TemplateResult {
    return html`<section class="missing" aria-labelledby="missing-title" data-testid="missing-effects">
      <h4 id="missing-title">${this.t('web_backup_missing_title')}</h4>
      <ul>
        ${missing.map(
          (m) => html`<li>
            ${this.t(
              m.group === 'foregroundEffect'
                ? 'web_backup_missing_boot'
                : 'web_backup_missing_background',
              { instance: m.name, effect: m.effect },
            )}
          </li>`,
        )}
      </ul>
    </section>`;
  }

  #renderChosen(file: ChosenFile): TemplateResult {
    const check = file.check;
    if (!check.ok) return renderProblems(check, file.name, (k, v) => this.t(k, v));
    return html`<p class="ok">${this.t('web_backup_file_ok', { file: file.name })}</p>
      ${file.diff ? renderSummary(file.diff, 'summary-title', (k, v) => this.t(k, v)) : nothing}
      ${file.missing?.length ? this.#renderMissing(file.missing) : nothing}
      ${
        file.diff
          ? html`<p class="muted">${this.t('web_backup_restore_note')}</p>
              <div class="row">
                <button type="button" class="primary" @click=${this.#restoreFile}>
                  ${this.t('web_backup_restore')}
                </button>
                <button type="button" @click=${this.#discard}>${this.t('web_cancel')}</button>
              </div>`
          : nothing
      }
      ${this.#renderRestoreError('file')}`;
  }

  #renderRestore(): TemplateResult {
    return html`<section
      class="card drop ${this._dragging ? 'dragging' : ''}"
      aria-labelledby="restore-title"
      @dragover=${this.#dragOver}
      @dragleave=${(event: DragEvent) => {
        // Leaving for a child of the drop zone is not leaving it.
        const to = event.relatedTarget;
        if (!(to instanceof Node && (event.currentTarget as Element).contains(to))) {
          this._dragging = false;
        }
      }}
      @drop=${this.#drop}
    >
      <h2 id="restore-title">${this.t('web_backup_restore_title')}</h2>
      <p class="muted" id="restore-hint">${this.t('web_backup_restore_hint')}</p>
      <div class="file">
        <label for="backup-file">${this.t('web_backup_file')}</label>
        <input
          id="backup-file"
          type="file"
          accept=".json,application/json"
          aria-describedby="restore-hint"
          @change=${this.#chosen}
        />
      </div>
      <div role="status">
        ${this._reading ? html`<p>${this.t('web_backup_reading', { file: this._reading })}</p>` : nothing}
      </div>
      ${this._file ? this.#renderChosen(this._file) : nothing}
      ${renderError(this._diffError)}
    </section>`;
  }

  /** Why a snapshot was kept, as a person says it; the server's words for a reason it has no code for. */
  #reason(snapshot: SnapshotInfo): string {
    const key = `web_backup_reason_${(snapshot.reasonCode ?? 'other').replaceAll('-', '_')}`;
    return this.ctx.translator.has(key)
      ? this.t(key, snapshot.reasonParams)
      : this.t('web_backup_snapshot_reason', { reason: snapshot.reason });
  }

  #renderSnapshot(snapshot: SnapshotInfo): TemplateResult {
    const id = snapshot.id;
    const confirming = this._confirming === id;
    return html`<li class="snapshot" data-snapshot=${id}>
      <div class="snapshot-head">
        <strong>${this.t('web_backup_snapshot_name', { id })}</strong>
        <time datetime=${snapshot.createdAt}>${this.#date(snapshot.createdAt)}</time>
      </div>
      <p class="muted">
        ${this.#reason(snapshot)} ·
        ${this.t('web_backup_snapshot_instances', { count: snapshot.instances })} ·
        ${this.#size(snapshot.bytes)}
      </p>
      ${
        confirming
          ? html`<div class="confirm" role="group" aria-labelledby=${`confirm-text-${id}`}>
              <p id=${`confirm-text-${id}`}>${this.t('web_backup_snapshot_confirm', { id })}</p>
              <div class="row">
                <button
                  type="button"
                  class="primary"
                  id=${`confirm-snapshot-${id}`}
                  @click=${() => this.#restoreSnapshot(id)}
                >
                  ${this.t('web_backup_snapshot_confirm_yes')}
                </button>
                <button type="button" @click=${() => this.#cancelSnapshot(id)}>
                  ${this.t('web_cancel')}
                </button>
              </div>
            </div>`
          : html`<button
              type="button"
              id=${`restore-snapshot-${id}`}
              aria-label=${this.t('web_backup_snapshot_restore_label', { id })}
              @click=${() => this.#confirmSnapshot(id)}
            >
              ${this.t('web_backup_snapshot_restore')}
            </button>`
      }
    </li>`;
  }

  #renderSnapshots(): TemplateResult {
    const snapshots = this._snapshots;
    return html`<section class="card" aria-labelledby="snapshots-title">
      <h2 id="snapshots-title">${this.t('web_backup_snapshots_title')}</h2>
      <p class="muted">${this.t('web_backup_snapshots_hint')}</p>
      ${renderError(this._snapshotsError)}
      ${this.#renderRestoreError('snapshot')}
      ${
        snapshots === undefined
          ? this._snapshotsError
            ? nothing
            : html`<p role="status">${this.t('web_loading')}</p>`
          : snapshots.length === 0
            ? html`<p>${this.t('web_backup_snapshots_empty')}</p>`
            : html`<ul class="snapshots" aria-labelledby="snapshots-title">
                ${snapshots.map((s) => this.#renderSnapshot(s))}
              </ul>`
      }
    </section>`;
  }

  #renderRestored(restore: Restore): TemplateResult {
    const text =
      restore.kind === 'file'
        ? this.t('web_backup_restored')
        : this.t('web_backup_restored_snapshot', { id: restore.id });
    return html`<p id="restored" class="notice success" role="status" tabindex="-1">${text}</p>`;
  }

  protected override render(): TemplateResult {
    // The sections stay in the DOM while the restart screen shows (hidden), so that a failed
    // restore comes back to the same file input and summary.
    return html`<h1>${this.t('web_backup_title')}</h1>
      ${this._restart ? this.#renderRestart(this._restart) : nothing}
      <div class="sections" ?hidden=${this._restart !== undefined}>
        ${this._restored ? this.#renderRestored(this._restored) : nothing}
        ${this.#renderDownload()} ${this.#renderRestore()} ${this.#renderSnapshots()}
      </div>`;
  }
}

defineElement('gk-backup-page', GkBackupPage);

declare global {
  interface HTMLElementTagNameMap {
    'gk-backup-page': GkBackupPage;
  }
}
