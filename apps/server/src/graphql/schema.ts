import { builder } from './builder.ts';
import { enforceArgumentBounds } from './enforceArgumentBounds.ts';
import { enforceFieldRights } from './enforceFieldRights.ts';
import { recordViewAsMutations } from '../modules/audit/recordViewAsMutations.ts';
import '../modules/auth/auth.schema.ts';
import '../modules/organizations/organizations.schema.ts';
import '../modules/users/users.schema.ts';
import '../modules/users/userManagement.schema.ts';
import '../modules/auth/viewAs.schema.ts';
import '../modules/audit/audit.schema.ts';
import '../modules/auth/signin.schema.ts';
import '../modules/auth/oidc/oidc.schema.ts';
import '../modules/installations/installations.schema.ts';
import '../modules/tags/tags.schema.ts';
import '../modules/translations/translations.schema.ts';
import '../modules/metrics/metrics.schema.ts';
import '../modules/live/live.schema.ts';
import '../modules/apikeys/apikeys.schema.ts';
import '../modules/pins/pins.schema.ts';
import '../modules/shortlinks/shortlinks.schema.ts';
import '../modules/usage/usage.schema.ts';
import '../modules/installations/lookups.schema.ts';
import '../modules/mapviews/mapviews.schema.ts';
import '../modules/alertlogs/alertlogs.schema.ts';
import '../modules/alerts/alerts.schema.ts';
import '../modules/weather/weather.schema.ts';
import '../modules/weather/temperatureImports.schema.ts';
import '../modules/dashboards/dashboards.schema.ts';
import '../modules/heatmaps/heatmaps.schema.ts';
import '../modules/sales/sales.schema.ts';
import '../modules/help/help.schema.ts';
import '../messages/messages.schema.ts';

// Mutations made while viewing as are recorded (outermost, refusals too), then rights are checked,
// then the arguments' bounds, then the resolver.
export const schema = recordViewAsMutations(enforceFieldRights(enforceArgumentBounds(builder.toSchema({ sortSchema: true }))));
import '../modules/stopngo/stopngo.schema.ts';
import '../modules/reports/reports.schema.ts';
import '../modules/exports/exports.schema.ts';
