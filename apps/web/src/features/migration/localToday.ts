/** The viewer's calendar date, YYYY-MM-DD: the migration deadline is a plain date, read where the viewer is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
