import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { fullName } from '../../../shared/caller/fullName.ts';

/** The profile pages' breadcrumb shows the user's full name. */
export function ProfileCrumb() {
  return fullName(useCaller().me);
}
