/** Ascending ids as runs of consecutive ones: [1, 2, 3, 7] as [[1, 3], [7, 7]]. */
export function toRanges(ascending: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const id of ascending) {
    const last = ranges[ranges.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
  return ranges;
}

export function fromRanges(ranges: ReadonlyArray<readonly [number, number]>): number[] {
  const ids: number[] = [];
  for (const [first, last] of ranges) for (let id = first; id <= last; id++) ids.push(id);
  return ids;
}
