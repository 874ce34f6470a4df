import { useEffect } from 'react';
import { TUTORIAL_STEP_SCREENS, type TutorialStepId } from '@sitelens/domain';
import { useLocation, useNavigate } from 'react-router';
import { SITES_PATH } from './tourSite.ts';

/** Takes the user to the screen of the step on show: the sites overview, or the tour's site page. */
export function useTutorialRoute(step: TutorialStepId | null, sitePath: string | null): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const target = step ? (TUTORIAL_STEP_SCREENS[step] === 'sites' ? SITES_PATH : sitePath) : null;
  useEffect(() => {
    if (target && pathname !== target) navigate(target);
  }, [target, pathname, navigate]);
}
