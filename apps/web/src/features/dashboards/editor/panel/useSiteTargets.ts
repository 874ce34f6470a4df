import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { TAG_CATEGORIES } from '../../../../shared/api/tagCategories.ts';
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
  /** The organization's tags, grouped by category (Mantine's grouped select data). */
  tags: Array<{ group: string; items: TargetOption[] }>;
}

const options = (rows: ReadonlyArray<{ id: number; name: string }> | undefined): TargetOption[] => (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** The site's metric families and targets, and its organization's tags, as Mantine select options. */
export function useSiteTargets(installationId: number): SiteTargets {
  const { data, loading } = useQuery(SITE_TARGETS, { variables: { installationId } });
  const organizationId = data?.installationById?.organizationId;
  const categories = useQuery(TAG_CATEGORIES, { variables: { id: organizationId ?? 0 }, skip: organizationId == null });
  return useMemo(
    () => ({
      loading,
      families: data?.installationById?.families ?? [],
      topZoneId: data?.topZoneByInstallation?.id ?? null,
      zones: options(data?.installationById?.zones.filter((z) => !z.isDeleted)),
      passages: options(data?.passagesByInstallation),
      devices: options(data?.devicesAtmosphereByInstallation),
      tags: (categories.data?.tagCategoriesByOrganizationId ?? []).filter((c) => c.tags.length > 0).map((c) => ({ group: c.name, items: options(c.tags) })),
    }),
    [data, loading, categories.data],
  );
}
