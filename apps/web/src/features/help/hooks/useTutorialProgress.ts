import { useCallback } from 'react';
import { type ApolloCache, useMutation, useQuery } from '@apollo/client';
import { FINISH_TUTORIAL, RESTART_TUTORIAL, TUTORIAL_PROGRESS, type TutorialProgress } from '../graphql/help.ts';

const remember = (cache: ApolloCache<unknown>, progress: TutorialProgress | undefined) => {
  if (progress) cache.writeQuery({ query: TUTORIAL_PROGRESS, data: { tutorialProgress: progress } });
};

/** The caller's tour progress as the server keeps it, and the two changes to it. */
export function useTutorialProgress() {
  const query = useQuery(TUTORIAL_PROGRESS, { fetchPolicy: 'cache-and-network' });
  const [finishMutation] = useMutation(FINISH_TUTORIAL, { update: (cache, { data }) => remember(cache, data?.finishTutorial) });
  const [restartMutation] = useMutation(RESTART_TUTORIAL, { update: (cache, { data }) => remember(cache, data?.restartTutorial) });
  const finish = useCallback((outcome: 'COMPLETED' | 'SKIPPED') => finishMutation({ variables: { outcome } }), [finishMutation]);
  const restart = useCallback(() => restartMutation(), [restartMutation]);
  return { progress: query.data?.tutorialProgress, finish, restart };
}
