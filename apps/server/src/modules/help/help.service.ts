import { supportHours } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { findTutorialProgress, saveTutorialProgress, type TutorialProgressRow } from './help.repo.ts';

export type TutorialStatus = 'NOT_STARTED' | 'COMPLETED' | 'SKIPPED';

export interface TutorialProgress {
  status: TutorialStatus;
  finishedAt: Date | null;
  /** Whether the web app opens the tour by itself now: not yet seen, and not an administrator viewing as the user. */
  startsAutomatically: boolean;
}

function view(row: TutorialProgressRow | null, viewingAs: boolean): TutorialProgress {
  const status: TutorialStatus = row?.outcome === 'completed' ? 'COMPLETED' : row?.outcome === 'skipped' ? 'SKIPPED' : 'NOT_STARTED';
  return { status, finishedAt: row?.finishedAt ?? null, startsAutomatically: status === 'NOT_STARTED' && !viewingAs };
}

export async function tutorialProgress(ctx: Context): Promise<TutorialProgress> {
  const caller = requireCaller(ctx);
  return view(await findTutorialProgress(ctx.database, caller.userId), caller.adminUserId !== null);
}

/** The caller's own tour; an administrator viewing as the user cannot mark it for them. */
function ownCaller(ctx: Context) {
  const caller = requireCaller(ctx);
  if (caller.adminUserId !== null) throw forbidden();
  return caller;
}

export async function finishTutorial(ctx: Context, outcome: 'COMPLETED' | 'SKIPPED'): Promise<TutorialProgress> {
  const caller = ownCaller(ctx);
  const row = await saveTutorialProgress(ctx.database, caller.userId, outcome === 'COMPLETED' ? 'completed' : 'skipped', ctx.now());
  return view(row, false);
}

/** Replay from the help centre: the tour is asked for again, and runs until it is completed or skipped. */
export async function restartTutorial(ctx: Context): Promise<TutorialProgress> {
  const caller = ownCaller(ctx);
  return view(await saveTutorialProgress(ctx.database, caller.userId, null, ctx.now()), false);
}

export interface SupportContact {
  phone: string;
  email: string;
  timeZone: string;
  days: readonly number[];
  opens: string;
  closes: string;
}

/** The hotline and its hours (spec 002 §5), as the server is configured. */
export function supportContact(ctx: Pick<Context, 'config'>): SupportContact {
  const hours = supportHours(ctx.config.SUPPORT_TIMEZONE);
  return { phone: ctx.config.SUPPORT_PHONE, email: ctx.config.SUPPORT_EMAIL, timeZone: hours.timeZone, days: hours.days, opens: hours.open, closes: hours.close };
}
