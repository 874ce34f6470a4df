import { z } from 'zod';
import { DASHBOARD_MODEL_FORMAT, DASHBOARD_MODEL_FORMAT_VERSION } from '@sitelens/domain';
import { NAME_MAX, globalFiltersInput, widgetInput } from './dashboardInput.ts';

/** The documented JSON model of a stored dashboard (issue 32): what a version keeps and what a save sends; named once in the domain, which the widget builder reads it with. */
export const DASHBOARD_FORMAT = DASHBOARD_MODEL_FORMAT;
export const DASHBOARD_FORMAT_VERSION = DASHBOARD_MODEL_FORMAT_VERSION;

const name = z.string().trim().min(1).max(NAME_MAX);

/** A widget of the model: a widget input, with the id of the stored widget it keeps (absent for a new one). */
const modelWidget = widgetInput.omit({ order: true }).extend({ id: z.number().int().positive().optional() });

const modelPage = z.object({
  id: z.number().int().positive().optional(),
  name,
  icon: z.string().regex(/^Icon[A-Za-z0-9]{1,60}$/, 'invalidIcon').default('IconLayoutDashboard'),
  widgetGlobalFilters: globalFiltersInput.default([]),
  widgets: z.array(modelWidget).max(60).default([]),
});

/** Kinds of rows a model names by id, and which an export describes by name. */
export const REFERENCE_KINDS = ['installation', 'zone', 'passage', 'device', 'tag', 'tagCategory', 'alert'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * An exported file's account of the rows its ids point to, by name (with the site of a zone,
 * passage or device), so an import into another organization can map them. Ignored by a save.
 */
const reference = z.object({
  kind: z.enum(REFERENCE_KINDS),
  id: z.number().int().positive(),
  name: z.string().max(200),
  siteId: z.number().int().positive().optional(),
});

export const dashboardModel = z.object({
  format: z.literal(DASHBOARD_FORMAT),
  formatVersion: z.literal(DASHBOARD_FORMAT_VERSION),
  name,
  // A blank dashboard (createDashboard, no page yet) is a model too: it exports and imports back.
  pages: z.array(modelPage).max(20),
  references: z.array(reference).max(5000).optional(),
});

export type DashboardModel = z.infer<typeof dashboardModel>;
export type ModelPage = DashboardModel['pages'][number];
export type ModelWidget = ModelPage['widgets'][number];
export type ModelReference = NonNullable<DashboardModel['references']>[number];

/** The JSON Schema of the model as a file sends it (docs/dashboard-model.schema.json is this, committed). */
export function dashboardModelJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(dashboardModel, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://sitelens.example/schemas/dashboard-model-1.json',
    title: 'Sitelens dashboard model, format version 1',
  };
}
