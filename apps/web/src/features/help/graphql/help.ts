import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const TUTORIAL_PROGRESS = graphql(`
  query TutorialProgress {
    tutorialProgress {
      status
      finishedAt
      startsAutomatically
    }
  }
`);

export type TutorialProgress = ResultOf<typeof TUTORIAL_PROGRESS>['tutorialProgress'];

export const FINISH_TUTORIAL = graphql(`
  mutation FinishTutorial($outcome: TutorialOutcome!) {
    finishTutorial(outcome: $outcome) {
      status
      finishedAt
      startsAutomatically
    }
  }
`);

export const RESTART_TUTORIAL = graphql(`
  mutation RestartTutorial {
    restartTutorial {
      status
      finishedAt
      startsAutomatically
    }
  }
`);

export const SUPPORT_CONTACT = graphql(`
  query SupportContact {
    supportContact {
      phone
      email
      timeZone
      days
      opens
      closes
    }
  }
`);

export type SupportContact = ResultOf<typeof SUPPORT_CONTACT>['supportContact'];
