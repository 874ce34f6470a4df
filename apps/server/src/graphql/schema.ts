import { builder } from './builder.ts';
import '../modules/auth/auth.schema.ts';
import '../modules/organizations/organizations.schema.ts';
import '../modules/users/users.schema.ts';
import '../modules/installations/installations.schema.ts';
import '../modules/tags/tags.schema.ts';
import '../modules/translations/translations.schema.ts';
import '../modules/metrics/metrics.schema.ts';
import '../modules/live/live.schema.ts';
import '../modules/apikeys/apikeys.schema.ts';
import '../modules/pins/pins.schema.ts';
import '../modules/shortlinks/shortlinks.schema.ts';
import '../modules/usage/usage.schema.ts';
import '../modules/dashboards/dashboards.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
