import { builder } from '../../graphql/builder.ts';
import { CreatedDashboardRef } from './dashboardCopy.schema.ts';
import { REFERENCE_KINDS } from './dashboardModel.ts';
import type { NamedRow } from './dashboardTransfer.repo.ts';
import type { ProposedMatch } from './dashboardTransferMatch.ts';
import type { FileError } from './dashboardTransferPositions.ts';
import * as service from './dashboardTransfer.service.ts';

const Kind = builder.enumType('DashboardReferenceKind', { values: REFERENCE_KINDS });

const FileErrorRef = builder.objectRef<FileError>('DashboardFileError').implement({
  fields: (t) => ({
    line: t.exposeInt('line'),
    column: t.exposeInt('column'),
    path: t.exposeString('path'),
    message: t.exposeString('message', { description: 'A catalogue key (dashboardTransfer.errors.…).' }),
  }),
});

const ReferenceRef = builder.objectRef<ProposedMatch>('DashboardImportReference').implement({
  fields: (t) => ({
    kind: t.field({ type: Kind, resolve: (r) => r.kind }),
    fromId: t.int({ resolve: (r) => r.id }),
    name: t.exposeString('name'),
    siteId: t.int({ nullable: true, description: 'The file’s site of a zone, passage, device or alert.', resolve: (r) => r.siteId ?? null }),
    toId: t.int({ nullable: true, description: 'The proposed row of the caller’s organizations, by name; null when none matches.', resolve: (r) => r.toId }),
  }),
});

const CandidateRef = builder.objectRef<NamedRow>('DashboardImportCandidate').implement({
  fields: (t) => ({
    kind: t.field({ type: Kind, resolve: (r) => r.kind }),
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    siteId: t.int({ nullable: true, resolve: (r) => r.siteId ?? null }),
  }),
});

const PreviewRef = builder.objectRef<service.ImportPreview>('DashboardImportPreview').implement({
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true }),
    errors: t.field({ type: [FileErrorRef], resolve: (p) => p.errors }),
    references: t.field({ type: [ReferenceRef], resolve: (p) => p.references }),
    candidates: t.field({ type: [CandidateRef], description: 'The rows of the caller’s organizations a reference may map to.', resolve: (p) => p.candidates }),
  }),
});

const MappingInput = builder.inputType('DashboardIdMappingInput', {
  fields: (t) => ({
    kind: t.field({ type: Kind, required: true }),
    fromId: t.int({ required: true }),
    toId: t.int({ required: true }),
  }),
});

const signedIn = { signedIn: true } as const;

const ORGANIZATION_ARG = 'The organization to import into: one the caller acts in (NOT_FOUND otherwise); by default the current one (switchOrganization).';

builder.queryFields((t) => ({
  exportDashboard: t.field({
    type: 'String',
    authScopes: signedIn,
    description: 'The dashboard as a file (docs/dashboard-model.md): its model and the rows its ids name, as 2-space JSON.',
    args: { dashboardId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.exportDashboard(ctx, a.dashboardId),
  }),
  previewDashboardImport: t.field({
    type: PreviewRef,
    authScopes: signedIn,
    description: 'Reads a dashboard file: its errors by line, or its references with proposed matches.',
    args: { text: t.arg.string({ required: true }), organizationId: t.arg.int({ description: ORGANIZATION_ARG }) },
    resolve: (_r, a, ctx) => service.previewDashboardImport(ctx, a.text, a.organizationId ?? null),
  }),
}));

builder.mutationFields((t) => ({
  importDashboard: t.field({
    type: CreatedDashboardRef,
    authScopes: signedIn,
    description: 'Creates a dashboard from a file, every id mapped and checked against the caller’s organizations; nothing on any error.',
    args: {
      text: t.arg.string({ required: true }),
      mapping: t.arg({ type: [MappingInput], required: true }),
      name: t.arg.string({ required: true }),
      organizationId: t.arg.int({ description: ORGANIZATION_ARG }),
    },
    resolve: (_r, a, ctx) => service.importDashboard(ctx, a.text, a.mapping, a.name, a.organizationId ?? null),
  }),
}));
