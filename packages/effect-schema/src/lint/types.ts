/** Types shared by the linter, its rules and the definition checker. */
import type { JsonDocument } from '@glowkit/json';
import type { DependencyEdge } from './dependency-graph.js';
import type { ProfileSpec } from './profile.js';
import type { ElementVisit } from './walk.js';

/** How serious a diagnostic is: errors fail a lint run, warnings do not. */
export type Severity = 'error' | 'warning';

/** One finding of the linter. */
export interface Diagnostic {
  /** Stable rule id, e.g. `default-required`; documented in docs/effect-schema.md. */
  ruleId: string;
  severity: Severity;
  /** One sentence for people: what is wrong and, where it helps, what to do. */
  message: string;
  /** JSON pointer of the offending value or keyword ("" for the document). */
  pointer: string;
  /** 1-based line in the source text. */
  line: number;
  /** 1-based column in the source text (UTF-16 units). */
  column: number;
  /** A replacement to consider, e.g. the keyword that a misspelt one probably meant. */
  suggestion?: string;
  /** For placeholder rules: the phrase key that is missing from the translations. */
  missingPhrase?: string;
}

/** What a rule is and why it exists; feeds the CLI and the rule reference. */
export interface RuleMeta {
  id: string;
  /** Default severity; a rule may report some findings as warnings and others as errors. */
  severity: Severity;
  /** One line: what the rule checks. */
  summary: string;
  /** Why the rule exists: what goes wrong for users when it is broken. */
  why: string;
}

/** A top-level option of the schema being linted. */
export interface OptionEntry {
  name: string;
  /** The option's schema (an object; non-objects are reported by `schema-structure`). */
  option: Record<string, unknown>;
  /** JSON pointer of the option, e.g. `/properties/speed`. */
  pointer: string;
}

/**
 * One `properties` map and its options: the top level's, or (settings profile) a nested object's.
 * Names, display order and dependencies are per scope: an option depends on its siblings.
 */
export interface OptionScope {
  /** JSON pointer of the schema that holds the `properties` ("" for the top level). */
  pointer: string;
  /** The schema that holds the `properties`. */
  owner: Record<string, unknown>;
  /** The options in source order. */
  options: readonly OptionEntry[];
  /** Options by name. */
  byName: ReadonlyMap<string, OptionEntry>;
  /** Every `options.dependencies` entry of these options (computed on first use). */
  readonly dependencyEdges: readonly DependencyEdge[];
  /** Cycles among the usable dependency edges (computed on first use). */
  readonly dependencyCycles: readonly string[][];
}

/** What a rule reports; the linter adds the rule id, line and column. */
export interface Report {
  pointer: string;
  message: string;
  /** Locate the member's key instead of its value (for unknown or duplicate keywords). */
  part?: 'key' | 'value';
  /** Overrides the rule's default severity for this finding. */
  severity?: Severity;
  suggestion?: string;
  missingPhrase?: string;
}

/** What a rule's `check` gets. */
export interface RuleContext {
  /** The parsed document, whatever it is. */
  value: unknown;
  /** The parsed schema when it is an object, else an empty object (so most rules find nothing). */
  schema: Record<string, unknown>;
  /** The kind of schema being linted, and what its rules read of it. */
  profile: ProfileSpec;
  /** The top-level options in source order. */
  options: readonly OptionEntry[];
  /** Options by name. */
  byName: ReadonlyMap<string, OptionEntry>;
  /**
   * Every `properties` map with its options, the top level first: one scope for an effect schema,
   * one per object (and per list of objects) for a settings group.
   */
  readonly scopes: readonly OptionScope[];
  /** Phrases of the translation file, when one was given. */
  phrases: Readonly<Record<string, string>> | undefined;
  /** Whether the translation file has a phrase (false when none was given). */
  hasPhrase(key: string): boolean;
  /** The source text and its locations. */
  document: JsonDocument;
  /** Every option and nested item (and, for settings, nested key) schema (computed on first use). */
  readonly elements: readonly ElementVisit[];
  /** Every `options.dependencies` entry of the top-level options (computed on first use). */
  readonly dependencyEdges: readonly DependencyEdge[];
  /** Cycles among the top-level options' dependency edges (computed on first use). */
  readonly dependencyCycles: readonly string[][];
  report(finding: Report): void;
}

/**
 * A lint rule: its metadata and its check. A rule without `check` is reported by the parsing stage
 * (e.g. `invalid-json`), before there is a value to check.
 */
export interface Rule {
  meta: RuleMeta;
  check?(context: RuleContext): void;
}
