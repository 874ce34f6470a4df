import { Navigate, Outlet } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';

/**
 * Counting and atmosphere routes exist only when the organization has such events;
 * otherwise they lead to the dashboards, and a loader shows while this is unknown.
 */
export function FamilyGate({ family }: { family: 'counting' | 'atmosphere' }) {
  const { families } = useCaller();
  if (!families) return <SectionLoader />;
  return families.has(family) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}
