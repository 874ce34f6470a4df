export * from '../modules/organizations/organizations.tables.ts';
export * from '../modules/users/users.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/installations/installations.tables.ts';
export * from '../modules/tags/tags.tables.ts';
export * from '../modules/metrics/metrics.tables.ts';
export * from '../modules/pins/pins.tables.ts';
export * from '../modules/settings/settings.tables.ts';
