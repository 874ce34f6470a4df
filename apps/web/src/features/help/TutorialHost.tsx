import { useEffect, useRef } from 'react';
import { tutorialSteps } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { dispatchTutorial, useTutorialState } from '../../shared/tutorial/tutorialStore.ts';
import { TutorialOverlay } from './components/TutorialOverlay.tsx';
import { tourSitePath } from './hooks/tourSite.ts';
import { useTutorialProgress } from './hooks/useTutorialProgress.ts';

/**
 * The guided tour in the signed-in shell (spec 002 §2, §4): it opens by itself once the server says
 * the user has not seen it, and records on the server whether it was completed or skipped.
 */
export function TutorialHost() {
  const { t } = useTranslation();
  const state = useTutorialState();
  const { installations } = useCaller();
  const { progress, finish } = useTutorialProgress();
  const sitePath = tourSitePath(installations);
  const autoStarted = useRef(false);

  useEffect(() => {
    // Waits for the sites, so that the steps on a site's page are in the tour when there is one.
    if (autoStarted.current || !progress?.startsAutomatically || installations === undefined) return;
    autoStarted.current = true;
    dispatchTutorial({ type: 'start', steps: tutorialSteps({ hasSites: sitePath !== null }) });
  }, [progress?.startsAutomatically, installations, sitePath]);

  // Signing out ends a tour under way: the next user of this browser starts from their own progress.
  useEffect(() => () => dispatchTutorial({ type: 'reset' }), []);

  useEffect(() => {
    if (state.phase !== 'finished') return;
    dispatchTutorial({ type: 'reset' });
    finish(state.outcome === 'completed' ? 'COMPLETED' : 'SKIPPED').catch(() => showToast(t('tutorial.saveFailed'), 'error'));
  }, [state, finish, t]);

  if (state.phase === 'idle' || state.phase === 'finished') return null;
  return <TutorialOverlay state={state} sitePath={sitePath} />;
}
