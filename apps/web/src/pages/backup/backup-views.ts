/**
 * What the backup page shows of a checked file: its problems, or the summary of what restoring it
 * would change. Render functions only; the page owns the state.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { BackupCheck } from './backup-file.js';
import type { ConfigDiff, GroupChange, InstanceChange } from './config-diff.js';

/** The page's phrase function. */
export type Phrase = (key: string, vars?: Record<string, unknown>) => string;

/**
 * Why a file cannot be restored: the syntax error with its line and column, the missing
 * configuration, or every violation with its JSON pointer into the file. Problems are the
 * protocol's wording, as the server would phrase them.
 */
export function renderProblems(
  check: Exclude<BackupCheck, { ok: true }>,
  file: string,
  t: Phrase,
): TemplateResult {
  if (check.reason === 'syntax') {
    return html`<div class="problems" role="alert">
      <p>
        <strong>${t('web_backup_syntax', { file, line: check.line, column: check.column })}</strong>
      </p>
      <p><code>${file}:${check.line}:${check.column}</code> ${check.description}</p>
    </div>`;
  }
  if (check.reason === 'form') {
    return html`<div class="problems" role="alert">
      <p><strong>${t('web_backup_no_configuration', { file })}</strong></p>
      <p>${check.problem}</p>
    </div>`;
  }
  return html`<div class="problems" role="alert">
    <p>
      <strong>${t('web_backup_invalid', { file, count: check.violations.length })}</strong>
    </p>
    <ul class="violations">
      ${check.violations.map(
        (v) => html`<li><code class="pointer">${v.pointer || '/'}</code> ${v.rule}</li>`,
      )}
    </ul>
  </div>`;
}

/** One group's change, as one line. */
function groupLine(change: GroupChange, t: Phrase): string {
  const group = change.group;
  switch (change.kind) {
    case 'added':
      return t('web_backup_group_added', { group });
    case 'reset':
      return t('web_backup_group_reset', { group });
    case 'changed':
      if (change.items) return t('web_backup_group_items', { group, ...change.items });
      if (change.keys.length > 0) {
        return t('web_backup_group_keys', { group, keys: change.keys.join(', ') });
      }
      return t('web_backup_group_replaced', { group });
  }
}

function groupList(changes: GroupChange[], t: Phrase): TemplateResult {
  return html`<ul class="groups">
    ${changes.map((c) => html`<li data-group=${c.group} data-kind=${c.kind}>${groupLine(c, t)}</li>`)}
  </ul>`;
}

/** One instance's change: a line, and for a changed one what changes in it. */
function instanceItem(change: InstanceChange, t: Phrase): TemplateResult {
  const vars = { id: change.id, name: change.name };
  const details: string[] = [];
  if (change.previousName !== undefined) {
    details.push(t('web_backup_instance_renamed', { from: change.previousName, to: change.name }));
  }
  if (change.enabled) {
    details.push(
      t(change.enabled.after ? 'web_backup_instance_enabled' : 'web_backup_instance_disabled'),
    );
  }
  return html`<li data-instance=${change.id} data-kind=${change.kind}>
    <span class="instance">${t(`web_backup_instance_${change.kind}`, vars)}</span>
    ${
      details.length > 0 || change.groups.length > 0
        ? html`<ul class="groups">
            ${details.map((d) => html`<li>${d}</li>`)}
            ${change.groups.map(
              (c) => html`<li data-group=${c.group} data-kind=${c.kind}>${groupLine(c, t)}</li>`,
            )}
          </ul>`
        : nothing
    }
  </li>`;
}

/**
 * The summary of what a restore would change, under the heading `headingId` names: global groups
 * added, reset or changed with their keys; instances added, removed, renamed or changed.
 */
export function renderSummary(diff: ConfigDiff, headingId: string, t: Phrase): TemplateResult {
  if (diff.unchanged) {
    return html`<section class="summary" aria-labelledby=${headingId}>
      <h3 id=${headingId}>${t('web_backup_summary_title')}</h3>
      <p>${t('web_backup_unchanged')}</p>
    </section>`;
  }
  return html`<section class="summary" aria-labelledby=${headingId}>
    <h3 id=${headingId}>${t('web_backup_summary_title')}</h3>
    <h4>${t('web_backup_global')}</h4>
    ${
      diff.global.length > 0
        ? groupList(diff.global, t)
        : html`<p class="muted">${t('web_backup_global_unchanged')}</p>`
    }
    <h4>${t('web_backup_instances')}</h4>
    ${
      diff.instances.length > 0
        ? html`<ul class="instances">
            ${diff.instances.map((i) => instanceItem(i, t))}
          </ul>`
        : html`<p class="muted">${t('web_backup_instances_unchanged')}</p>`
    }
  </section>`;
}
