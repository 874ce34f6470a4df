/**
 * Which statement texts have come back often enough to be prepared: `reached(text)` counts a use and
 * answers true from the `times`-th on (then forgets the count: the caller keeps the statement).
 * One-off texts (writes with their values in the text) stay below it; the counts are cleared when
 * `maxTexts` are held.
 */
export class TextUses {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly times = 2,
    private readonly maxTexts = 4_096,
  ) {}

  reached(text: string): boolean {
    const uses = (this.seen.get(text) ?? 0) + 1;
    if (uses >= this.times) {
      this.seen.delete(text);
      return true;
    }
    if (this.seen.size >= this.maxTexts) this.seen.clear();
    this.seen.set(text, uses);
    return false;
  }
}
