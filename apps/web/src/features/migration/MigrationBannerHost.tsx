import { useReplayTour } from '../help/useReplayTour.ts';
import { MigrationBanner } from './components/MigrationBanner.tsx';

/**
 * The banner on a signed-in page, where "Try it now" starts the guided tour. Mounted only with a
 * deadline, so pages without one (the widget builder's preview) need no signed-in caller.
 */
export function MigrationBannerHost({ deadline }: { deadline: string }) {
  const { replay, starting } = useReplayTour();
  return <MigrationBanner deadline={deadline} onTryNow={() => void replay()} starting={starting} />;
}
