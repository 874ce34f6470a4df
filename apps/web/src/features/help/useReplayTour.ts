import { useCallback, useState } from 'react';
import { tutorialSteps } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { dispatchTutorial } from '../../shared/tutorial/tutorialStore.ts';
import { SITES_PATH, tourSitePath } from './hooks/tourSite.ts';
import { useTutorialProgress } from './hooks/useTutorialProgress.ts';

/**
 * Replay: the server is told the tour is wanted again (so it also comes back after sign-in until
 * finished), then it starts on the sites overview.
 */
export function useReplayTour(): { replay: () => Promise<void>; starting: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { installations } = useCaller();
  const { restart } = useTutorialProgress();
  const [starting, setStarting] = useState(false);
  const replay = useCallback(async () => {
    setStarting(true);
    try {
      await restart();
      navigate(SITES_PATH);
      dispatchTutorial({ type: 'start', steps: tutorialSteps({ hasSites: tourSitePath(installations) !== null }) });
    } catch {
      showToast(t('help.tour.failed'), 'error');
    } finally {
      setStarting(false);
    }
  }, [restart, navigate, installations, t]);
  return { replay, starting };
}
