import { jsonEqual } from '@glowkit/json';

/** Index pairs [first, later] of equal items in a list. */
export function duplicateIndexes(list: readonly unknown[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let j = 1; j < list.length; j++) {
    for (let i = 0; i < j; i++) {
      if (jsonEqual(list[i], list[j])) {
        pairs.push([i, j]);
        break;
      }
    }
  }
  return pairs;
}
