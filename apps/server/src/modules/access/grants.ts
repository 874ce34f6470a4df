import { type RightsTree, canGrantProfile } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { domainCaller } from './access.ts';

/** FORBIDDEN with the reason the web app words: the user or profile holds a right the caller lacks (issue 28.4). */
export const rightsBeyondCaller = () => new AppError('FORBIDDEN', { reason: 'rightsBeyondYours' });

/** Refuses giving a profile with a right the caller lacks (assigning, inviting, creating, saving a profile). */
export async function refuseUngrantableProfile(ctx: Context, rights: RightsTree | null): Promise<void> {
  if (!canGrantProfile(await domainCaller(ctx), rights)) throw rightsBeyondCaller();
}
