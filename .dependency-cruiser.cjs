// The floor plan's rules (docs/architecture.md), checked by `npm run lint`: imports point down or
// sideways, never up, and no files import each other in a circle. Type-only imports count too.
const S = '^apps/server/src/';
const CORE = `${S}(config\\.ts|db/|http/|blobs/|live/|jobs/|messages/|images/|uploads/|graphql/)`;
const MODULES = `${S}(modules/|ingest/)`;
const COMPOSITION = `${S}(composition/|demo/|test/)`;
const MAIN = `${S}(main\\.ts|supervisor/)`;
// Tests stand above everything they test: the layer rules read only the product's own files.
const TESTS = '\\.test\\.tsx?$|test-support';
// The sanctioned exceptions (docs/architecture.md, "Exceptions"): the core's own tables name the
// organizations and users tables for their foreign keys, and the upload sandbox's worker runs the
// sales parser, the one file kind it reads today.
const CORE_EXCEPTIONS = '^apps/server/src/(jobs/jobs|messages/messages)\\.tables\\.ts$|^apps/server/src/uploads/(uploadTasks|upload\\.worker)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a circle: move the shared part down into a file of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain is the ground floor: it imports nothing of the apps.',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-not-up',
      severity: 'error',
      comment: 'Server core (config, db, http, blobs, live, jobs, messages, images, uploads, graphql) imports no module, no composition and no main: define an interface in the core and let the layer above implement it.',
      from: { path: CORE, pathNot: `${TESTS}|${CORE_EXCEPTIONS}` },
      to: { path: `${MODULES}|${COMPOSITION}|${MAIN}` },
    },
    {
      name: 'modules-not-up',
      severity: 'error',
      comment: 'A module imports the core and other modules, never the composition (schema, routes, job registry, demo) or main.',
      from: { path: MODULES, pathNot: TESTS },
      to: { path: `${COMPOSITION}|${MAIN}` },
    },
    {
      name: 'composition-not-main',
      severity: 'error',
      comment: 'The composition (schema, routes, job registry, demo) is started by main, never the other way.',
      from: { path: COMPOSITION, pathNot: TESTS },
      to: { path: MAIN },
    },
    {
      name: 'users-below-auth',
      comment: 'Accounts (modules/users: people, profiles, their tables) sit below sign-in (modules/auth), which sits below user management and view-as (modules/userManagement): one direction only.',
      severity: 'error',
      from: { path: `${S}modules/users/`, pathNot: TESTS },
      to: { path: `${S}modules/(auth|userManagement)/` },
    },
    {
      name: 'auth-below-user-management',
      comment: 'Sign-in (modules/auth) never reaches up into user management and view-as (modules/userManagement).',
      severity: 'error',
      from: { path: `${S}modules/auth/`, pathNot: TESTS },
      to: { path: `${S}modules/userManagement/` },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: "The web app's source never imports the server's: they meet at schema.graphql. Tests that need a live server import apps/web/test-support/.",
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'app-not-test-support',
      severity: 'error',
      comment: 'Test support is for tests: no file of an app imports it.',
      from: { path: '^apps/(web|server)/src/', pathNot: '(\\.test\\.tsx?|test-support\\.ts)$|^apps/server/src/test/' },
      to: { path: '^apps/web/test-support/|^apps/server/src/test/|test-support\\.ts$' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/|\\.d\\.ts$' },
  },
};
