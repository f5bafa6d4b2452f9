/**
 * Adds phrases to a translation file without reformatting it: existing keys and their text are
 * never touched, indentation and line endings are kept, and a file whose keys are sorted stays
 * sorted. The file is replaced atomically (write to a temporary file, then rename), so a crash
 * never leaves half a file.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { isJsonObject, JsonDocument } from '@glowkit/json';
import { parseJsonFile } from '../json/parse-json.js';

/** The text a translator sees for a phrase that still needs translating. */
export function placeholderText(key: string): string {
  const words = key
    .replace(/^edt_(eff|append|msg|conf)_/, '')
    .replace(/_header$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  const readable = words ? words[0]?.toUpperCase() + words.slice(1) : key;
  return `TODO translate: ${readable}`;
}

/**
 * Returns `text` with `additions` inserted (keys already present are skipped).
 * Throws when the text is not a JSON object (callers validate first).
 */
export function insertPhrases(text: string, additions: ReadonlyArray<[string, string]>): string {
  const parsed = parseJsonFile(text);
  if (!parsed.ok || !isJsonObject(parsed.value)) throw new Error('not a JSON object');
  const existing = parsed.value;
  const todo = additions.filter(([k]) => !Object.hasOwn(existing, k));
  if (todo.length === 0) return text;
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = bom ? text.slice(1) : text;
  const doc = new JsonDocument(body);
  const members = doc.tree.members ?? [];
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const entry = (k: string, v: string) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  if (members.length === 0) {
    const end = body.lastIndexOf('}');
    const inner = todo.map(([k, v]) => `  ${entry(k, v)}`).join(`,${eol}`);
    return `${bom}${body.slice(0, end).replace(/\s*$/, '')}${eol}${inner}${eol}${body.slice(end)}`;
  }
  const first = members[0]?.[1];
  const lineStart = body.lastIndexOf('\n', (first?.keyStart ?? 0) - 1) + 1;
  const indent = body.slice(lineStart, first?.keyStart ?? 0).match(/^[ \t]*/)?.[0] ?? '  ';
  const keys = members.map(([k]) => k);
  const sorted = keys.every((k, i) => i === 0 || (keys[i - 1] as string) <= k);
  // Insert from the end backwards so earlier offsets stay valid.
  const inserts: Array<{ at: number; text: string }> = [];
  const sortedTodo = [...todo].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const last = members[members.length - 1]?.[1];
  for (const [k, v] of sorted ? sortedTodo : todo) {
    const before = sorted ? members.find(([mk]) => mk > k) : undefined;
    if (before) {
      const at = before[1].keyStart ?? before[1].start;
      inserts.push({ at, text: `${entry(k, v)},${eol}${indent}` });
    } else {
      inserts.push({ at: last?.end ?? 0, text: `,${eol}${indent}${entry(k, v)}` });
    }
  }
  // Stable order for inserts at the same offset: keep their sorted sequence.
  let out = body;
  const byOffset = new Map<number, string>();
  for (const ins of inserts) byOffset.set(ins.at, (byOffset.get(ins.at) ?? '') + ins.text);
  for (const at of [...byOffset.keys()].sort((a, b) => b - a)) {
    out = out.slice(0, at) + byOffset.get(at) + out.slice(at);
  }
  return bom + out;
}

/** Writes a file atomically: a temporary file beside it, then a rename over the original. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
