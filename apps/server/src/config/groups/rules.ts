/**
 * Small building blocks for the hand-written settings group validators.
 *
 * A rule returns undefined when a value is acceptable and otherwise the rule it breaks, phrased to
 * follow the field's pointer: `/port must be an integer from 1 to 65535`.
 */
import { childPointer, isJsonObject } from '@glowkit/protocol';

/** One broken rule: where (a JSON pointer relative to the group) and what is expected. */
export interface GroupProblem {
  pointer: string;
  rule: string;
}

/** Checks one value; returns the broken rule or undefined. */
export type FieldRule = (value: unknown) => string | undefined;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** An integer within [min, max] (either bound optional). */
export function integer(min?: number, max?: number): FieldRule {
  const rule = `must be an integer${range(min, max)}`;
  return (value) =>
    Number.isInteger(value) &&
    (min === undefined || (value as number) >= min) &&
    (max === undefined || (value as number) <= max)
      ? undefined
      : rule;
}

/** A finite number within [min, max] (either bound optional). */
export function number(min?: number, max?: number): FieldRule {
  const rule = `must be a number${range(min, max)}`;
  return (value) =>
    isNumber(value) && (min === undefined || value >= min) && (max === undefined || value <= max)
      ? undefined
      : rule;
}

/** A string whose length in characters (code points) is within [minLength, maxLength]. */
export function string(minLength?: number, maxLength?: number): FieldRule {
  let rule = 'must be a string';
  if (minLength === 1 && maxLength === undefined) rule = 'must be a non-empty string';
  else if (minLength !== undefined && maxLength !== undefined)
    rule = `must be a string of ${minLength} to ${maxLength} characters`;
  else if (minLength !== undefined) rule = `must be a string of at least ${minLength} characters`;
  else if (maxLength !== undefined) rule = `must be a string of at most ${maxLength} characters`;
  return (value) => {
    if (typeof value !== 'string') return rule;
    const length = [...value].length;
    return (minLength === undefined || length >= minLength) &&
      (maxLength === undefined || length <= maxLength)
      ? undefined
      : rule;
  };
}

/** true or false. */
export function boolean(): FieldRule {
  return (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
}

/** One of the given strings. */
export function oneOf(values: readonly string[]): FieldRule {
  const rule = `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return (value) => (typeof value === 'string' && values.includes(value) ? undefined : rule);
}

/** The fields of an object group: a rule per known field, and which fields must be present. */
export interface ObjectShape {
  fields: Readonly<Record<string, FieldRule>>;
  required?: readonly string[];
}

/**
 * Checks an object against its shape. Fields without a rule (unknown fields) are accepted as they
 * are; a missing optional field is fine.
 */
export function checkObject(value: unknown, shape: ObjectShape, at = ''): GroupProblem[] {
  if (!isJsonObject(value)) return [{ pointer: at, rule: 'must be an object' }];
  const problems: GroupProblem[] = [];
  for (const key of shape.required ?? []) {
    if (!Object.hasOwn(value, key))
      problems.push({ pointer: childPointer(at, key), rule: 'is required' });
  }
  for (const [key, rule] of Object.entries(shape.fields)) {
    if (!Object.hasOwn(value, key)) continue;
    const broken = rule(value[key]);
    if (broken !== undefined) problems.push({ pointer: childPointer(at, key), rule: broken });
  }
  return problems;
}
