import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { SITE_TARGETS } from './graphql/siteTargets.ts';

export interface TargetOption {
  value: string;
  label: string;
}

export interface SiteTargets {
  loading: boolean;
  families: string[];
  topZoneId: number | null;
  zones: TargetOption[];
  passages: TargetOption[];
  devices: TargetOption[];
}

const options = (rows: ReadonlyArray<{ id: number; name: string }> | undefined): TargetOption[] => (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** The site's metric families and targets, as Mantine select options. */
export function useSiteTargets(installationId: number): SiteTargets {
  const { data, loading } = useQuery(SITE_TARGETS, { variables: { installationId } });
  return useMemo(
    () => ({
      loading,
      families: data?.installationById?.families ?? [],
      topZoneId: data?.topZoneByInstallation?.id ?? null,
      zones: options(data?.installationById?.zones.filter((z) => !z.isDeleted)),
      passages: options(data?.passagesByInstallation),
      devices: options(data?.devicesAtmosphereByInstallation),
    }),
    [data, loading],
  );
}
