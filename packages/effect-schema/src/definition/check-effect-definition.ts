/** Checking of effect definition files (`{ name, script, args }`) against their script's schema. */
import { isJsonObject } from '@glowkit/json';
import { parseJsonFile } from '../json/parse-json.js';
import {
  applyOverrides,
  type LintOptions,
  runRules,
  syntaxDiagnostic,
} from '../lint/lint-effect-schema.js';
import type { Diagnostic } from '../lint/types.js';
import { definitionArgsRule } from '../rules/definition-args/definition-args.js';
import { definitionStructure } from '../rules/definition-structure/definition-structure.js';
import { duplicateKey } from '../rules/duplicate-key/duplicate-key.js';
import { rules } from '../rules/index.js';

/** Where the option schema of a definition comes from. */
export interface CheckEffectDefinitionOptions {
  /**
   * The option schema of the definition's script: its source text (linted too, so that a broken
   * schema is reported rather than silently trusted) or its parsed value.
   */
  schema?: string | Record<string, unknown>;
  /**
   * Looks up the schema by the definition's `script` (e.g. "rainbow.py"); used when `schema` is
   * not given. Returns source text, a parsed value, or undefined when there is none.
   */
  resolveSchema?: (script: string) => string | Record<string, unknown> | undefined;
  /**
   * Where `resolveSchema` looked, for the message when it found nothing
   * (e.g. "looked in effects/schema and effects").
   */
  schemaSearch?: string;
  /** Per-rule overrides, as for the linter. */
  rules?: LintOptions['rules'];
}

/**
 * Checks an effect definition: its structure (`name`, `script`, `args`, nothing else) and its args
 * against the option schema of its script.
 *
 * @returns the diagnostics, sorted by position; never throws on bad input.
 */
export function checkEffectDefinition(
  sourceText: string,
  options: CheckEffectDefinitionOptions = {},
): Diagnostic[] {
  // Overrides are applied once more at the end for the diagnostics made here, outside the rules.
  return applyOverrides(
    checkDefinition(sourceText, options),
    options.rules ? { rules: options.rules } : {},
  );
}

function checkDefinition(sourceText: string, options: CheckEffectDefinitionOptions): Diagnostic[] {
  const parsed = parseJsonFile(sourceText);
  if (!parsed.ok) return [syntaxDiagnostic(parsed.error)];
  const lintOptions: LintOptions = options.rules ? { rules: options.rules } : {};
  const structural = runRules(
    [duplicateKey, definitionStructure],
    parsed.value,
    parsed.document,
    lintOptions,
  );
  const value = parsed.value;
  if (!isJsonObject(value) || typeof value.script !== 'string' || !isJsonObject(value.args)) {
    return structural;
  }
  const located = (message: string): Diagnostic => {
    const position = parsed.document.locate('/script');
    return {
      ruleId: 'definition-schema',
      severity: 'error',
      message,
      pointer: '/script',
      line: position.line,
      column: position.column,
    };
  };
  const source = options.schema ?? options.resolveSchema?.(value.script);
  if (source === undefined) {
    const where = options.schemaSearch ? ` (${options.schemaSearch})` : '';
    return [...structural, located(`no option schema found for script "${value.script}"${where}`)];
  }
  let schema: Record<string, unknown>;
  if (typeof source === 'string') {
    const parsedSchema = parseJsonFile(source);
    if (!parsedSchema.ok || !isJsonObject(parsedSchema.value)) {
      return [
        ...structural,
        located(`the option schema of "${value.script}" is not a valid JSON object`),
      ];
    }
    // The schema is parsed once and linted from that parse.
    const schemaErrors = runRules(rules, parsedSchema.value, parsedSchema.document, {}).filter(
      (d) => d.severity === 'error',
    );
    if (schemaErrors.length > 0) {
      structural.push(
        located(
          `the option schema of "${value.script}" has ${schemaErrors.length} error${schemaErrors.length === 1 ? '' : 's'} (first: ${schemaErrors[0]?.message}); lint it with glowkit-schema lint`,
        ),
      );
    }
    schema = parsedSchema.value;
  } else {
    schema = source;
  }
  const args = runRules([definitionArgsRule(schema)], value, parsed.document, lintOptions);
  return [...structural, ...args].sort((a, b) => a.line - b.line || a.column - b.column);
}
