/** Import directions, checked by `npm run lint` (scripts/depcruise.mjs): no cycles anywhere. */

// The server's modules (server/src/modules.ts lists them): each folder's index.ts is its public face.
const AREA = '(?:backoffice/[^/]+|admin|auth|companies|device|ordering|receipts|demo|static|cli)';
// Infrastructure: knows no module (generic over the app's Database where it touches tables).
const INFRASTRUCTURE = '^server/src/(?:db|http|live|outbox|time)/|^server/src/config\\.ts$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle: split the shared part out or invert the dependency.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'infrastructure-knows-no-module',
      severity: 'error',
      comment:
        'db/, http/, live/, outbox/, time/ and config.ts are infrastructure: they import no module, not the ' +
        "app's Database (src/database.ts) nor the composition root. Make the helper generic over the database.",
      from: { path: INFRASTRUCTURE },
      to: { path: [`^server/src/${AREA}/`, '^server/src/(?:database|module|modules|app|main)\\.ts$'] },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment:
        'A module reaches another module only through its index.ts (its public face): export what you need there. ' +
        "(src/database.ts alone reads the modules' tables.ts files.)",
      from: { path: `^server/src/(${AREA})/` },
      to: {
        path: `^server/src/${AREA}/`,
        pathNot: ['^server/src/$1/', `^server/src/${AREA}/index\\.ts$`],
      },
    },
    {
      name: 'demo-on-top',
      severity: 'error',
      comment: 'Demo seeding sits on top of every module: only the composition root (src/modules.ts) imports it.',
      from: { path: '^server/src/', pathNot: ['^server/src/demo/', '^server/src/modules\\.ts$'] },
      to: { path: '^server/src/demo/' },
    },
    {
      name: 'composition-root-on-top',
      severity: 'error',
      comment: 'Only the app and the command line build from the composition root (src/modules.ts).',
      from: { path: '^server/src/', pathNot: ['^server/src/(?:app|main)\\.ts$', '^server/src/cli/'] },
      to: { path: '^server/src/modules\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|sourcemaps|\\.tsbuild|\\.test-bundle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
