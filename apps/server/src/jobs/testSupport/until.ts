/** Waits (bounded) until the check holds; fails with the last state when it never does. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  if (!(await check())) throw new Error(`${what} not reached within ${ms} ms`);
}
