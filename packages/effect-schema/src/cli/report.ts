/** Output formats of the CLI: stylish (people), json (tools), github (workflow annotations). */
import { countBySeverity } from '../lint/lint-effect-schema.js';
import type { Diagnostic } from '../lint/types.js';
import type { Palette } from './terminal.js';

/** The diagnostics of one file. */
export interface FileResult {
  file: string;
  diagnostics: Diagnostic[];
}

/** The output formats `--format` accepts. */
export const formats = ['stylish', 'json', 'github'] as const;
/** One of {@link formats}. */
export type Format = (typeof formats)[number];

/** Totals over all files. */
export function totals(results: readonly FileResult[]) {
  const all = countBySeverity(results.flatMap((r) => r.diagnostics));
  const filesWithProblems = results.filter((r) => r.diagnostics.length > 0).length;
  return { ...all, files: results.length, filesWithProblems };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Human-readable report: problems grouped by file, then a summary line. */
export function formatStylish(results: readonly FileResult[], c: Palette, noun = 'file'): string {
  const lines: string[] = [];
  for (const { file, diagnostics } of results) {
    if (diagnostics.length === 0) continue;
    lines.push(c.underline(file));
    const posWidth = Math.max(...diagnostics.map((d) => `${d.line}:${d.column}`.length));
    for (const d of diagnostics) {
      const pos = `${d.line}:${d.column}`.padEnd(posWidth);
      const sev = d.severity === 'error' ? c.red('error  ') : c.yellow('warning');
      lines.push(`  ${c.dim(pos)}  ${sev}  ${d.message}  ${c.dim(d.ruleId)}`);
    }
    lines.push('');
  }
  const t = totals(results);
  if (t.errors + t.warnings === 0) {
    lines.push(c.green(`✔ ${plural(t.files, noun)} checked: no problems`));
  } else {
    const summary = `✖ ${plural(t.errors + t.warnings, 'problem')} (${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}) in ${t.filesWithProblems} of ${plural(t.files, noun)}`;
    lines.push(t.errors > 0 ? c.red(c.bold(summary)) : c.yellow(c.bold(summary)));
  }
  return `${lines.join('\n')}\n`;
}

/** Machine-readable report: one entry per file with its diagnostics and counts. */
export function formatJson(results: readonly FileResult[]): string {
  return `${JSON.stringify(
    results.map((r) => {
      const { errors, warnings } = countBySeverity(r.diagnostics);
      return {
        file: r.file,
        errorCount: errors,
        warningCount: warnings,
        diagnostics: r.diagnostics,
      };
    }),
    null,
    2,
  )}\n`;
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub Actions workflow commands: one annotation per diagnostic. */
export function formatGithub(results: readonly FileResult[]): string {
  const lines: string[] = [];
  for (const { file, diagnostics } of results) {
    for (const d of diagnostics) {
      lines.push(
        `::${d.severity} file=${escapeProperty(file)},line=${d.line},col=${d.column},title=${escapeProperty(d.ruleId)}::${escapeData(d.message)}`,
      );
    }
  }
  const t = totals(results);
  lines.push(
    `${plural(t.files, 'file')} checked: ${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Renders results in a format. */
export function formatResults(
  format: Format,
  results: readonly FileResult[],
  c: Palette,
  noun?: string,
): string {
  if (format === 'json') return formatJson(results);
  if (format === 'github') return formatGithub(results);
  return formatStylish(results, c, noun);
}
