/** The effect option schema linter. */

import { isJsonObject, type JsonDocument, type JsonSyntaxError } from '@glowkit/json';
import { parseJsonFile } from '../json/parse-json.js';
import { rules } from '../rules/index.js';
import { type DependencyEdge, dependencyCycles, dependencyEdges } from './dependency-graph.js';
import { profileSpec, type SchemaProfile } from './profile.js';
import type {
  Diagnostic,
  OptionEntry,
  OptionScope,
  Report,
  Rule,
  RuleContext,
  Severity,
} from './types.js';
import { collectElements, collectSettingsStructure, type ElementVisit, entriesOf } from './walk.js';

/** Options of {@link lintEffectSchema}. */
export interface LintOptions {
  /**
   * The phrases of the translation file (flat key → text). When given, every placeholder must
   * exist in it (`placeholder-missing`, `unit-missing`); when not, those rules are skipped.
   */
  translations?: Readonly<Record<string, string>>;
  /** Per-rule overrides: `'off'`, or a severity that replaces the rule's own. */
  rules?: Readonly<Record<string, Severity | 'off'>>;
  /**
   * What the schema describes: `'effect'` (the default), an effect's options; `'settings'`, a
   * settings group of the configuration (nested objects, a list at the top level, `edt_conf_` and
   * `edt_dev_` phrases, no effect-only rules; see docs/effect-schema.md).
   */
  profile?: SchemaProfile;
}

/**
 * Lints the source text of an effect option schema.
 *
 * @returns every diagnostic, sorted by position. An empty list means the schema is clean.
 * Never throws on bad input: invalid JSON is an `invalid-json` diagnostic with its line and column.
 *
 * @example
 * ```ts
 * const diagnostics = lintEffectSchema(readFileSync('rainbow.schema.json', 'utf8'), { translations });
 * for (const d of diagnostics) console.log(`${d.line}:${d.column} ${d.severity} ${d.message} (${d.ruleId})`);
 * ```
 */
export function lintEffectSchema(sourceText: string, options: LintOptions = {}): Diagnostic[] {
  const parsed = parseJsonFile(sourceText);
  if (!parsed.ok) return applyOverrides([syntaxDiagnostic(parsed.error)], options);
  return runRules(rules, parsed.value, parsed.document, options);
}

/** The `invalid-json` diagnostic of a syntax error. */
export function syntaxDiagnostic(error: JsonSyntaxError): Diagnostic {
  return {
    ruleId: 'invalid-json',
    severity: 'error',
    message: `invalid JSON: ${error.message}`,
    pointer: '',
    line: error.position.line,
    column: error.position.column,
  };
}

/** Collects the top-level options of a schema value. */
export function optionEntries(schema: unknown): OptionEntry[] {
  return isJsonObject(schema) ? entriesOf(schema.properties, '') : [];
}

/** A scope whose dependency graph is computed on first use. */
function scopeOf(
  pointer: string,
  owner: Record<string, unknown>,
  options: readonly OptionEntry[],
): OptionScope {
  const byName = new Map(options.map((e) => [e.name, e]));
  let edges: DependencyEdge[] | undefined;
  let cycles: string[][] | undefined;
  return {
    pointer,
    owner,
    options,
    byName,
    get dependencyEdges() {
      edges ??= dependencyEdges(options, byName);
      return edges;
    },
    get dependencyCycles() {
      cycles ??= dependencyCycles(options, this.dependencyEdges);
      return cycles;
    },
  };
}

/** The scopes and elements of a schema, as its profile sees them. */
function structureOf(
  schema: Record<string, unknown>,
  settings: boolean,
): { root: OptionScope; scopes: () => OptionScope[]; elements: () => ElementVisit[] } {
  if (!settings) {
    const root = scopeOf('', schema, optionEntries(schema));
    return { root, scopes: () => [root], elements: () => collectElements(root.options) };
  }
  const found = collectSettingsStructure(schema);
  const scopes = found.scopes.map((s) => scopeOf(s.pointer, s.owner, s.options));
  const root = scopes[0]?.pointer === '' ? (scopes[0] as OptionScope) : scopeOf('', schema, []);
  return { root, scopes: () => scopes, elements: () => found.elements };
}

// Phrase files are large (Hyperion's has 1,250 keys) and reused across many lint calls: a Set
// of their keys answers lookups faster than the object, and is built once per phrases object.
const phraseKeyCache = new WeakMap<object, Set<string>>();
const noPhrases = new Set<string>();

function phraseKeys(phrases: Readonly<Record<string, string>> | undefined): Set<string> {
  if (!phrases) return noPhrases;
  let keys = phraseKeyCache.get(phrases);
  if (!keys) {
    keys = new Set(Object.keys(phrases));
    phraseKeyCache.set(phrases, keys);
  }
  return keys;
}

/** Runs rules over a parsed document; shared with the definition checker. */
export function runRules(
  ruleList: readonly Rule[],
  value: unknown,
  document: JsonDocument,
  options: LintOptions,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const schema = isJsonObject(value) ? value : {};
  const profile = profileSpec(options.profile);
  const structure = structureOf(schema, profile.name === 'settings');
  const root = structure.root;
  // One context for all rules; `report` stamps findings with the rule that is running.
  let current: Rule | undefined;
  let override: Severity | 'off' | undefined;
  let elements: ElementVisit[] | undefined;
  let scopes: OptionScope[] | undefined;
  let keys: Set<string> | undefined;
  const context: RuleContext = {
    value,
    schema,
    profile,
    options: root.options,
    byName: root.byName,
    get scopes() {
      scopes ??= structure.scopes();
      return scopes;
    },
    phrases: options.translations,
    hasPhrase: (key) => {
      keys ??= phraseKeys(options.translations);
      return keys.has(key);
    },
    document,
    // Shared by many rules; a plain closure rather than a WeakMap cache, which would make the
    // garbage collector trace every short-lived run.
    get elements() {
      elements ??= structure.elements();
      return elements;
    },
    get dependencyEdges() {
      return root.dependencyEdges;
    },
    get dependencyCycles() {
      return root.dependencyCycles;
    },
    report(finding: Report) {
      const rule = current as Rule;
      const position = document.locate(finding.pointer, finding.part);
      const diagnostic: Diagnostic = {
        ruleId: rule.meta.id,
        severity: (override as Severity | undefined) ?? finding.severity ?? rule.meta.severity,
        message: finding.message,
        pointer: finding.pointer,
        line: position.line,
        column: position.column,
      };
      if (finding.suggestion !== undefined) diagnostic.suggestion = finding.suggestion;
      if (finding.missingPhrase !== undefined) diagnostic.missingPhrase = finding.missingPhrase;
      diagnostics.push(diagnostic);
    },
  };
  for (const rule of ruleList) {
    if (!rule.check || profile.skipRules.has(rule.meta.id)) continue;
    override = options.rules?.[rule.meta.id];
    if (override === 'off') continue;
    current = rule;
    try {
      rule.check(context);
    } catch (error) {
      // A rule must never take the whole lint run down; report the failure where people see it.
      diagnostics.push({
        ruleId: rule.meta.id,
        severity: 'error',
        message: `internal error in rule ${rule.meta.id}: ${error instanceof Error ? error.message : String(error)}; please report this schema`,
        pointer: '',
        line: 1,
        column: 1,
      });
    }
  }
  return diagnostics.sort(byPosition);
}

/** Applies per-rule overrides (`off` or a severity) to diagnostics made outside the rule runner. */
export function applyOverrides(diagnostics: Diagnostic[], options: LintOptions): Diagnostic[] {
  return diagnostics.flatMap((d) => {
    const o = options.rules?.[d.ruleId];
    if (o === 'off') return [];
    return [o ? { ...d, severity: o } : d];
  });
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId);
}

/** Counts errors and warnings. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): {
  errors: number;
  warnings: number;
} {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}
