/** A short fingerprint of an answer, to check that every path answered the same thing. */
export interface Answer {
  points: number;
  total: number;
}

export const emptyAnswer = (): Answer => ({ points: 0, total: 0 });

/** Adds rows ({ value }) of SQL answers, or the points of a GraphQL retailData answer. */
export function addRows(answer: Answer, rows: ReadonlyArray<{ value: unknown }>): Answer {
  for (const row of rows) {
    if (row.value === null || row.value === undefined) continue;
    answer.points += 1;
    answer.total += Number(row.value);
  }
  return answer;
}

export function addRetailData(answer: Answer, data: { retailData: { series: Array<{ points: Array<{ value: number | null }> }> } }): Answer {
  for (const series of data.retailData.series) addRows(answer, series.points);
  return answer;
}

/** Same number of points and the same total, to float rounding. */
export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.points === b.points && Math.abs(a.total - b.total) <= 1e-6 * Math.max(1, Math.abs(a.total));
}
