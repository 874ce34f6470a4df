import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { VisitorsTodayCard } from './components/VisitorsTodayCard.tsx';
import { ZonesTable } from './components/ZonesTable.tsx';
import { useCountryName } from './hooks/useCountryName.ts';
import { useInstallation } from './hooks/useInstallation.ts';

export default function CountingPage() {
  const { installationId } = useParams();
  const state = useInstallation(installationId);
  const countryName = useCountryName();
  if (state.status === 'loading') return <SectionLoader />;
  if (state.status === 'notFound') return <NotFoundContent />;
  const { installation } = state;
  const place = [installation.city, countryName(installation.country)].filter(Boolean).join(', ');

  return (
    <>
      <PageHeader title={installation.name} description={place || undefined} />
      <Stack gap="lg">
        <VisitorsTodayCard installation={installation} />
        <ZonesTable installationId={installation.id} />
      </Stack>
    </>
  );
}
