import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MigrationNoticeGate } from '../features/migration/MigrationNoticeGate.tsx';
import { FullPageLoader } from '../shared/layout/FullPageLoader.tsx';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      <MigrationNoticeGate />
    </>
  );
}
