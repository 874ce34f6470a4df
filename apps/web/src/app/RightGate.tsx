import type { ReactNode } from 'react';
import type { Gates } from '@sitelens/domain';
import { useCaller } from '../shared/caller/CallerProvider.tsx';
import { NoAccessRedirect } from './NoAccessRedirect.tsx';

/** A screen the caller has no right to sends them to the root (spec 000 §6, sales funnel), saying why. */
export function RightGate({ allow, children }: { allow: (gates: Gates) => boolean; children: ReactNode }) {
  const { gates } = useCaller();
  return allow(gates) ? children : <NoAccessRedirect />;
}
