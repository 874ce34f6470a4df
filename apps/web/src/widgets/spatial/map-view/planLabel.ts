/** About the width of one character of the 15-unit label font. */
export const CHAR_WIDTH = 8.5;
/** The distance between two lines of a label, in plan units. */
export const LINE_HEIGHT = 18;
const MAX_LINES = 2;

/**
 * A zone's name as its box on the plan can hold it: on one line when it fits, else broken between
 * words over as many lines as the box is tall enough for (two at most), the last one cut with "…"
 * only when the name is still longer ("Meeting room Elephanta" in a box for 20 characters reads
 * "Meeting room" / "Elephanta", not "Meeting room Elephan…").
 */
export function planLabelLines(label: string, box: { width: number; height: number }): string[] {
  const perLine = Math.max(1, Math.floor((box.width - 16) / CHAR_WIDTH));
  const lines = Math.max(1, Math.min(MAX_LINES, Math.floor((box.height - 8) / LINE_HEIGHT)));
  const out: string[] = [];
  let rest = label.trim();
  while (rest && out.length < lines) {
    const last = out.length === lines - 1;
    if (rest.length <= perLine) {
      out.push(rest);
      rest = '';
    } else if (last) {
      out.push(`${rest.slice(0, Math.max(1, perLine - 1)).trimEnd()}…`);
      rest = '';
    } else {
      const space = rest.lastIndexOf(' ', perLine);
      const cut = space > 0 ? space : perLine;
      out.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
  }
  return out;
}
