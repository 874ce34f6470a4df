import { formatAppPath, parseAppPath } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { type PinOwner, type PinRow, deletePinRow, findPin, insertPin, pinsOfOwner, updatePinFields, writePositions } from './pins.repo.ts';

export const PIN_TITLE_MAX = 200;
export const PINS_MAX = 100;
const TARGETS = ['_self', '_blank'];

/** Pins belong to the caller in the caller's current (first) organization. */
function owner(ctx: Context): PinOwner {
  const caller = requireCaller(ctx);
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined) throw notFound();
  return { userId: caller.userId, organizationId };
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badInput('title', 'required');
  if (trimmed.length > PIN_TITLE_MAX) throw badInput('title', 'tooLong');
  return trimmed;
}

function checkUrl(url: string): string {
  const parsed = parseAppPath(url.trim());
  if (!parsed) throw badInput('url', 'notAppPath');
  return formatAppPath(parsed);
}

function checkTarget(target: string | null | undefined): string | null {
  if (target == null || target === '') return null;
  if (!TARGETS.includes(target)) throw badInput('target', 'invalid');
  return target;
}

export async function listPins(ctx: Context): Promise<PinRow[]> {
  return pinsOfOwner(ctx.database, owner(ctx));
}

export async function addPin(ctx: Context, input: { url: string; title: string; target?: string | null }): Promise<PinRow> {
  const o = owner(ctx);
  const values = { url: checkUrl(input.url), title: checkTitle(input.title), target: checkTarget(input.target) };
  if ((await pinsOfOwner(ctx.database, o)).length >= PINS_MAX) throw new AppError('BAD_USER_INPUT', { field: 'pins', reason: 'tooMany', max: PINS_MAX });
  return insertPin(ctx.database, o, values);
}

/** Renames (title required), moves (0-based order among the caller's pins), re-targets or re-points a pin. */
export async function updatePin(
  ctx: Context,
  input: { id: number; title: string; order?: number | null; url?: string | null; target?: string | null },
): Promise<PinRow> {
  const o = owner(ctx);
  if (!(await findPin(ctx.database, o, input.id))) throw notFound();
  const values: Partial<Pick<PinRow, 'title' | 'url' | 'target'>> = { title: checkTitle(input.title) };
  if (input.url != null) values.url = checkUrl(input.url);
  if (input.target !== undefined) values.target = checkTarget(input.target);
  await updatePinFields(ctx.database, o, input.id, values);
  if (input.order != null) {
    const others = (await pinsOfOwner(ctx.database, o)).map((p) => p.id).filter((id) => id !== input.id);
    const at = Math.max(0, Math.min(input.order, others.length));
    await writePositions(ctx.database, o, [...others.slice(0, at), input.id, ...others.slice(at)]);
  }
  return (await findPin(ctx.database, o, input.id))!;
}

export async function deletePin(ctx: Context, id: number): Promise<number> {
  if (!(await deletePinRow(ctx.database, owner(ctx), id))) throw notFound();
  return id;
}

/**
 * Puts the caller's pins in the order of `ids` (each of the caller's, no repeats); pins left out
 * keep their relative order after them. Any id that is not the caller's answers NOT_FOUND.
 */
export async function reorderPins(ctx: Context, ids: readonly number[]): Promise<PinRow[]> {
  const o = owner(ctx);
  const current = (await pinsOfOwner(ctx.database, o)).map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw badInput('ids', 'duplicate');
  if (ids.some((id) => !current.includes(id))) throw notFound();
  await writePositions(ctx.database, o, [...ids, ...current.filter((id) => !ids.includes(id))]);
  return pinsOfOwner(ctx.database, o);
}
