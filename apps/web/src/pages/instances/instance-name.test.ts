import { describe, expect, it } from 'vitest';
import { cleanName, nameProblem } from './instance-name.js';

const INSTANCES = [
  { instance: 0, friendly_name: 'First LED instance' },
  { instance: 1, friendly_name: 'Kitchen' },
];

describe('an instance name', () => {
  it('needs 5 characters, counted as the server counts them', () => {
    expect(nameProblem('Desk', INSTANCES)?.key).toBe('web_instances_name_short');
    expect(nameProblem('', INSTANCES)?.key).toBe('web_instances_name_short');
    expect(nameProblem('Desks', INSTANCES)).toBeUndefined();
    // Four emoji are four characters to JSON Schema's minLength, though eight UTF-16 units.
    expect(nameProblem('🍳🍳🍳🍳', INSTANCES)?.key).toBe('web_instances_name_short');
  });

  it("may not be another instance's name, but may stay its own", () => {
    expect(nameProblem('Kitchen', INSTANCES)).toEqual({
      key: 'web_instances_name_taken',
      vars: { name: 'Kitchen' },
    });
    expect(nameProblem('Kitchen', INSTANCES, 1)).toBeUndefined();
    expect(nameProblem('kitchen', INSTANCES)).toBeUndefined();
  });

  it('is taken without the spaces around it', () => {
    expect(cleanName('  Living room \n')).toBe('Living room');
  });
});
