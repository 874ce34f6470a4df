// Help centre and guided tour (spec 002 §1, §2, §4): the hotline and the user's tour progress.
import { builder } from '../../graphql/builder.ts';
import {
  type SupportContact,
  type TutorialProgress,
  finishTutorial,
  restartTutorial,
  supportContact,
  tutorialProgress,
} from './help.service.ts';

const TutorialStatusRef = builder.enumType('TutorialStatus', { values: ['NOT_STARTED', 'COMPLETED', 'SKIPPED'] as const });
const TutorialOutcomeRef = builder.enumType('TutorialOutcome', { values: ['COMPLETED', 'SKIPPED'] as const });

const TutorialProgressRef = builder.objectRef<TutorialProgress>('TutorialProgress').implement({
  description: "The caller's guided tour: never seen, completed or skipped.",
  fields: (t) => ({
    status: t.field({ type: TutorialStatusRef, resolve: (p) => p.status }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.finishedAt }),
    startsAutomatically: t.exposeBoolean('startsAutomatically', {
      description: 'Open the tour now: not seen yet (or asked again), and not an administrator viewing as the user.',
    }),
  }),
});

const SupportContactRef = builder.objectRef<SupportContact>('SupportContact').implement({
  description: 'The customer hotline and its hours, in the support desk’s time zone.',
  fields: (t) => ({
    phone: t.exposeString('phone'),
    email: t.exposeString('email'),
    timeZone: t.exposeString('timeZone', { description: 'IANA zone of the support desk.' }),
    days: t.exposeIntList('days', { description: 'ISO weekdays the desk answers: 1 = Monday ... 7 = Sunday.' }),
    opens: t.exposeString('opens', { description: "Local 'HH:MM' in timeZone." }),
    closes: t.exposeString('closes', { description: "Local 'HH:MM' in timeZone." }),
  }),
});

builder.queryFields((t) => ({
  tutorialProgress: t.field({ type: TutorialProgressRef, authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => tutorialProgress(ctx) }),
  supportContact: t.field({
    type: SupportContactRef,
    description: 'Public: the sign-in and invitation pages point to support too.',
    resolve: (_r, _a, ctx) => supportContact(ctx),
  }),
}));

builder.mutationFields((t) => ({
  finishTutorial: t.field({
    type: TutorialProgressRef,
    description: 'Records that the caller completed or skipped the tour; it no longer starts by itself.',
    authScopes: { signedIn: true },
    args: { outcome: t.arg({ type: TutorialOutcomeRef, required: true }) },
    resolve: (_r, a, ctx) => finishTutorial(ctx, a.outcome),
  }),
  restartTutorial: t.field({
    type: TutorialProgressRef,
    description: 'Asks for the tour again (replay from the help centre): it starts now and after sign-in until finished.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => restartTutorial(ctx),
  }),
}));
