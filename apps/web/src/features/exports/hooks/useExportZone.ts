import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import type { FilterZone } from '@sitelens/domain';
import { SITE_ZONES, toFilterZones } from '../../../shared/api/siteZones.ts';
import { exportZoneId } from './useExportForm.ts';

/**
 * The export's zone for the draft's site: the chosen one, else the site's default zone once its
 * zones are known (exportZoneId). The form never opens with its required zone empty. The zone
 * picker asks the same query, so Apollo sends it once. With the site's zones (the row estimate counts them).
 */
export function useExportZone(installationId: number | null, chosen: number | null): { zoneId: number | null; zones: FilterZone[] | undefined } {
  const { data } = useQuery(SITE_ZONES, { variables: { installationId: installationId ?? 0 }, skip: installationId === null });
  const rows = data?.zonesByInstallation;
  const zones = useMemo<FilterZone[] | undefined>(() => (rows ? toFilterZones(rows) : undefined), [rows]);
  return { zoneId: installationId === null ? null : exportZoneId(chosen, zones), zones: installationId === null ? undefined : zones };
}
