/** Import directions, checked by `npm run lint` (scripts/depcruise.mjs): no cycles anywhere. */
const fs = require('node:fs');
const path = require('node:path');

// The server's folder kinds, read from its folders so a new module or platform folder is checked the
// day it appears. modules/<name>/: one module each (src/modules.ts lists them in order), its
// index.ts its public face. platform/: infrastructure, generic over any database, knowing no module.
// On top, the app level: web/ (serving the front ends), demo/, cli/ and the root files (app.ts and
// main.ts; modules.ts, the composition root; posting.ts, the pipeline; database.ts and module.ts, the
// contracts modules build on).
const SERVER_SRC = path.join(__dirname, 'server', 'src');
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(SERVER_SRC, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const MODULES = foldersOf('modules');
const PLATFORM = foldersOf('platform');
const APP_FOLDERS = ['web', 'demo', 'cli'];
const ROOT_FILES = ['app', 'main', 'modules', 'posting', 'database', 'module'];
const CONTRACTS = '^server/src/(?:database|module)\\.ts$';
// A test beside its module may set modules side by side and start the whole app (test/helpers.ts).
const TEST = '\\.test\\.ts$';
const KINDS = [
  '^server/src/modules/[^/]+/',
  '^server/src/platform/(?:[^/]+/|[^/]+\\.ts$)',
  `^server/src/(?:${APP_FOLDERS.join('|')})/`,
  `^server/src/(?:${ROOT_FILES.join('|')})\\.ts$`,
  '\\.d\\.ts$',
];

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
      name: 'server-folder-kinds',
      severity: 'error',
      comment:
        'Every server file is of one kind: a module (modules/<name>/), infrastructure (platform/), or the app level ' +
        `(${APP_FOLDERS.join('/, ')}/ and ${ROOT_FILES.join('.ts, ')}.ts). Put the file in the folder of its kind. ` +
        `Modules today: ${MODULES.join(', ')}; platform: ${PLATFORM.join(', ')}.`,
      from: { path: '^server/src/', pathNot: KINDS },
      to: {},
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment:
        "platform/ is infrastructure: it imports only platform/, not a module, the app's Database (src/database.ts) " +
        'nor anything above. Make the helper generic over the database.',
      from: { path: '^server/src/platform/', pathNot: TEST },
      to: { path: '^server/src/', pathNot: '^server/src/platform/' },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment:
        'A module reaches another module only through its index.ts (its public face): export what you need there. ' +
        "(src/database.ts alone reads the modules' tables.ts files.)",
      from: { path: '^server/src/modules/([^/]+)/', pathNot: TEST },
      to: {
        path: '^server/src/modules/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'modules-below-the-app',
      severity: 'error',
      comment:
        'A module builds on modules, platform/ and the contracts (database.ts, module.ts), never on the app level ' +
        `(${APP_FOLDERS.join('/, ')}/, the composition root, the pipeline): what it needs from there comes in ` +
        'through its module object (routes, reactions, posting steps) or belongs in platform/.',
      from: { path: '^server/src/modules/', pathNot: TEST },
      to: { path: '^server/src/', pathNot: ['^server/src/(?:modules|platform)/', CONTRACTS] },
    },
    {
      name: 'demo-on-top',
      severity: 'error',
      comment: 'Demo seeding sits on top of every module: only the composition root (src/modules.ts) imports it.',
      from: { path: '^server/src/', pathNot: ['^server/src/demo/', '^server/src/modules\\.ts$', TEST] },
      to: { path: '^server/src/demo/' },
    },
    {
      name: 'composition-root-on-top',
      severity: 'error',
      comment: 'Only the app and the command line build from the composition root (src/modules.ts).',
      from: { path: '^server/src/', pathNot: ['^server/src/(?:app|main)\\.ts$', '^server/src/cli/', TEST] },
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
