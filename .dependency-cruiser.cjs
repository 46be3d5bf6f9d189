/** Import directions, checked by `npm run lint` (scripts/depcruise.mjs): no cycles anywhere. */
const fs = require('node:fs');
const path = require('node:path');

// The server's modules (server/src/modules.ts lists them): each folder's index.ts is its public face.
const AREA = '(?:backoffice/[^/]+|admin|auth|companies|device|ordering|receipts|demo|static|cli)';
// Infrastructure: knows no module (generic over the app's Database where it touches tables).
const INFRASTRUCTURE = '^server/src/(?:db|http|live|outbox|time)/|^server/src/config\\.ts$';

// The front ends' layers, read from the folders so a new app or layer folder is checked the day it
// appears: every workspace with a src/pages/ (the shell and the remotes). In each, app/ (and the
// root files: App.tsx, bootstrap.tsx, index.ts) is the composition root that mounts the pages;
// every other folder is a shared layer (api/, frames/, components/, layout/, state/, i18n/, ...).
const FRONT_ENDS = require(path.join(__dirname, 'package.json')).workspaces.filter((w) =>
  fs.existsSync(path.join(__dirname, w, 'src', 'pages')),
);
const layersOf = (app) =>
  fs
    .readdirSync(path.join(__dirname, app, 'src'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'pages' && e.name !== 'app')
    .map((e) => `${e.name}/`);
// A page area is a folder under pages/ (or a page that is one file, as in ordering-remote). The
// remotes' areas stand alone; the shell's sign-in pages share its auth-form kit in pages/authForm/.
const REMOTES = FRONT_ENDS.filter((w) => w.endsWith('-remote'));
const anyOf = (names) => `(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;

module.exports = {
  forbidden: [
    {
      name: 'layers-know-no-page',
      severity: 'error',
      comment:
        'A shared layer imports no page: pages sit on top and only the composition root (app/, App.tsx) mounts ' +
        'them. Move what the layer needs out of pages/ into it (e.g. a field into components/). Layers today: ' +
        FRONT_ENDS.map((app) => `${app}: ${layersOf(app).join(' ')}`).join('; ') +
        '.',
      from: { path: `^${anyOf(FRONT_ENDS)}/src/(?!pages/|app/)[^/]+/` },
      to: { path: '^$1/src/pages/' },
    },
    {
      name: 'page-area-stands-alone',
      severity: 'error',
      comment:
        'pages/<a> imports only itself and the shared layers, never pages/<b>: move what two areas share into a ' +
        'layer (components/, frames/, ...). A test may still set two areas side by side to check they agree.',
      from: { path: `^${anyOf(REMOTES)}/src/pages/([^/.]+)[/.]`, pathNot: '\\.test\\.[jt]sx?$' },
      // Code in another area (a stylesheet right under pages/ is the pages' common look).
      to: { path: '^$1/src/pages/[^/]+(?:/|\\.[jt]sx?$)', pathNot: '^$1/src/pages/$2[/.]' },
    },
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
