/**
 * validateGroup and migrateGroup over every boundary case of every schema (./cases.ts): a value
 * just outside a bound, an enum or a type is one violation at its key's pointer, in the rule the
 * formatter reads from the key's element, and the migration brings it into range with a change at
 * that key; the boundary value is valid and left alone.
 */
import { describe, expect, it } from 'vitest';
import {
  type BoundaryCase,
  boundaryCases,
  DEVICE_TYPES,
  deviceTypeSchemas,
  GLOBAL_GROUPS,
  INSTANCE_GROUPS,
  keepingRelations,
  migrateGroup,
  settingsGroupSchemas,
  validateGroup,
} from '../../src/index.js';
import { ruleOf } from '../../src/settings/format.js';

type Group = Parameters<typeof validateGroup>[0];

const AT = '/config/instances/0/settings/group';

const name = (c: BoundaryCase) =>
  `${c.pointer || '(the group)'}: ${c.what} is ${c.refusedBy ? 'refused' : 'accepted'}`;

function check(group: Group, c: BoundaryCase): void {
  const found = validateGroup(group, c.group, AT);
  if (!c.refusedBy) {
    expect(found).toEqual([]);
    const migrated = migrateGroup(group, c.group);
    expect(migrated.changes).toEqual([]);
    expect(migrated.value).toBe(c.group);
    return;
  }
  const at = found.filter((v) => v.pointer === `${AT}${c.pointer}`);
  expect(at).toHaveLength(1);
  expect(at[0]?.rule).toBe(
    c.refusedBy === 'uniqueItems'
      ? 'must not hold the same item twice (items 0 and 1 are equal)'
      : ruleOf(c.element),
  );
  expect(at[0]?.description).toBe(`${AT}${c.pointer}: ${at[0]?.rule}`);

  const before = structuredClone(c.group);
  const migrated = migrateGroup(group, c.group);
  expect(c.group, 'the value given is not changed').toEqual(before);
  expect(validateGroup(group, migrated.value)).toEqual([]);
  expect(migrated.changes.map((change) => change.pointer)).toContain(c.pointer);
  // Once in range, it stays: the migration runs at every open.
  expect(migrateGroup(group, migrated.value).changes).toEqual([]);
}

describe('validateGroup and migrateGroup on every boundary', () => {
  for (const group of [...GLOBAL_GROUPS, ...INSTANCE_GROUPS]) {
    describe(group, () => {
      it.each(
        keepingRelations(group, boundaryCases(settingsGroupSchemas[group])).map(
          (c) => [name(c), c] as const,
        ),
      )('%s', (_, c) => check(group, c));
    });
  }
  for (const type of DEVICE_TYPES) {
    describe(`device of type ${type}`, () => {
      const cases = boundaryCases(deviceTypeSchemas[type]).filter(
        // Another type is a device Glowkit lacks, checked by the common keys: no violation.
        (c) => !c.pointer.startsWith('/type'),
      );
      it.each(cases.map((c) => [name(c), c] as const))('%s', (_, c) => check('device', c));
    });
  }
});
