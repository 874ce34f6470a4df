import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MigrationNoticeGate } from '../features/migration/MigrationNoticeGate.tsx';
import { FullPageLoader } from '../shared/layout/FullPageLoader.tsx';
import { UnsavedChangesHost } from '../shared/unsaved/UnsavedChangesHost.tsx';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      {/* The router's one blocker, asking every unsaved-changes guard of the page. */}
      <UnsavedChangesHost />
      <MigrationNoticeGate />
    </>
  );
}
