// One webpack factory for the shell and the three remotes, so the federation rules (shared
// singletons, file naming, CSS scoping) cannot drift between apps.
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { ChunkGraphPlugin } = require('./chunk-graph-plugin.cjs');
const { PreloadBoundaryPlugin } = require('./preload-boundary-plugin.cjs');
const { ServerBuildPlugin } = require('./server-build-plugin.cjs');

const repoRoot = path.resolve(__dirname, '../..');
const sharedPkg = require(path.join(repoRoot, 'shared/package.json'));
// Pattern exports (`./schemas/*`: pure zod schemas) are bundled per app; only stateful or
// context-bearing subpaths must be one instance. `./ui` (the kit: buttons, fields, dialogs, toasts)
// is bundled per app too: the shell never imports it, each remote renders its own ToastProvider, and
// a shared module cannot be tree-shaken, so sharing it sent the whole kit (~6 KB gzip of JS and CSS)
// with a remote's first view instead of the few pieces it uses.
const BUNDLED_SUBPATHS = new Set(['./ui']);
const SHARED_SUBPATHS = Object.keys(sharedPkg.exports)
  .filter((k) => !k.includes('*') && !BUNDLED_SUBPATHS.has(k))
  .map((k) => (k === '.' ? '@hive/shared' : `@hive/shared/${k.slice(2)}`));

/**
 * mf-manifest.json without the exposes' `async` asset lists. They name every lazy chunk of the
 * remote (one entry per page, ~1.3 KB gzip of content hashes for the back-office) and the runtime
 * never reads them: `loadRemote` preloads an expose's `sync` assets only, and `preloadRemote` with
 * `resourceCategory: 'all'`, their one reader, is not used. webpack's own chunk map in
 * remoteEntry.js still finds every lazy chunk.
 */
/**
 * The manifest also carries the build's contract (`metaData.hiveContract`, as `./App` does): the
 * server's release registry reads it to refuse, at registration, a build this shell cannot mount.
 */
/**
 * A remote with a server build (ServerBuildPlugin) records it there too (`metaData.hiveServer`: its
 * file and sha256), for the server that renders that release's first screen.
 */
const manifestOptions = (contract, serverBuild) => ({
  fileName: 'mf-manifest.json',
  additionalData: ({ stats }) => {
    for (const expose of stats.exposes) {
      expose.assets.js.async = [];
      expose.assets.css.async = [];
    }
    stats.metaData.hiveContract = contract;
    if (serverBuild?.built) stats.metaData.hiveServer = { ...serverBuild.built, version: 1 };
    return stats;
  },
});

/** Dev-server ports: the server (API) on 8080, each app on its own port. */
const DEV_PORTS = { shell: 3000, backoffice: 3001, admin: 3002, ordering: 3003 };
const API_ORIGIN = process.env.API_ORIGIN || 'http://localhost:8080';

/**
 * Shared singletons (DESIGN.md section 4). Only what must be one instance: React and its renderer,
 * the router, the store libraries, i18n and @hive/shared (store, contexts, menu rules).
 */
function sharedSingletons(pkgDir) {
  const pkg = require(path.join(pkgDir, 'package.json'));
  const deps = { ...pkg.dependencies };
  const lib = (name, depName = name) => ({
    singleton: true,
    requiredVersion: deps[depName] || false,
  });
  const facade = (name, file) => ({
    ...lib(name),
    import: path.join(__dirname, file),
    // A path import has no package.json to read the version from.
    version: require(require.resolve(`${name}/package.json`, { paths: [pkgDir] })).version,
  });
  const shared = {
    react: lib('react'),
    'react/jsx-runtime': lib('react/jsx-runtime', 'react'),
    'react-dom': lib('react-dom'),
    'react-dom/client': lib('react-dom/client', 'react-dom'),
    // The facade (only the names the apps use) under the package's own key: see the file.
    'react-router-dom': facade('react-router-dom', 'react-router-dom-facade.mjs'),
    'react-redux': facade('react-redux', 'react-redux-facade.mjs'),
    '@reduxjs/toolkit': facade('@reduxjs/toolkit', 'reduxjs-toolkit-facade.mjs'),
    i18next: lib('i18next'),
    'react-i18next': facade('react-i18next', 'react-i18next-facade.mjs'),
  };
  for (const sub of SHARED_SUBPATHS) {
    shared[sub] = { singleton: true, requiredVersion: false, version: sharedPkg.version };
  }
  return shared;
}

/** The ES module build of the plugin that publishes the shell's runtime-core for the remotes. */
const INJECT_EXTERNAL_RUNTIME_ESM = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * The bundler runtime (`@module-federation/webpack-bundler-runtime`) once per page too: the shell
 * publishes its functions (provide-bundler-runtime-plugin.mjs) and a remote's production build takes
 * them instead of its own copy (external-bundler-runtime.mjs replaces the package's entry), which
 * also drops its `@module-federation/runtime`, `sdk` and `error-codes`. Both sides are built with
 * the version below and the remote checks it.
 */
const PROVIDE_BUNDLER_RUNTIME = path.join(__dirname, 'provide-bundler-runtime-plugin.mjs');
const EXTERNAL_BUNDLER_RUNTIME = path.join(__dirname, 'external-bundler-runtime.mjs');
const BUNDLER_RUNTIME_ENTRY = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/](bundler|index)\.js$/;
const BUNDLER_RUNTIME_VERSION = require('@module-federation/webpack-bundler-runtime/package.json').version;

/**
 * The facades import the real package under another name, which the federation does not consume
 * (it matches the request before resolution): `@hive-facade-source/<pkg>` resolves to `<pkg>`.
 */
const FACADE_SOURCES = Object.fromEntries(
  ['react-redux', '@reduxjs/toolkit', 'react-i18next'].map((pkg) => [`@hive-facade-source/${pkg}$`, pkg]),
);

/**
 * The shell is a plain webpack app: its lazy `federation` chunk (shell/src/remotes/federation.ts)
 * starts the runtime with the runtime API and provides what the plugin provided. These names let it
 * import the facades (to share them under the packages' keys) and the two runtime providers.
 */
const SHELL_FEDERATION_ALIASES = {
  '@hive-facade/react-router-dom$': path.join(__dirname, 'react-router-dom-facade.mjs'),
  '@hive-facade/react-redux$': path.join(__dirname, 'react-redux-facade.mjs'),
  '@hive-facade/reduxjs-toolkit$': path.join(__dirname, 'reduxjs-toolkit-facade.mjs'),
  '@hive-facade/react-i18next$': path.join(__dirname, 'react-i18next-facade.mjs'),
  '@hive-mf/inject-external-runtime-core$': INJECT_EXTERNAL_RUNTIME_ESM,
  '@hive-mf/provide-bundler-runtime$': PROVIDE_BUNDLER_RUNTIME,
};

/**
 * Shared keys the shell does not provide: the `@hive/shared` barrel (the server's) and the data table
 * (the remotes' list pages). The shell never loads them; the first remote that does serves the others.
 */
const SHELL_LEAVES_TO_REMOTES = new Set(['@hive/shared', '@hive/shared/ui/table']);

/**
 * What the shell provides, share key -> its version and required range (HIVE_SHELL_SHARED, checked
 * against shell/src/remotes/federation.ts when the runtime starts; bench/lib/graph.mjs reads it too).
 */
function shellProvides(pkgDir) {
  const out = {};
  for (const [key, cfg] of Object.entries(sharedSingletons(pkgDir))) {
    if (SHELL_LEAVES_TO_REMOTES.has(key)) continue;
    const pkgName = key.startsWith('@hive/shared')
      ? '@hive/shared'
      : key
          .split('/')
          .slice(0, key.startsWith('@') ? 2 : 1)
          .join('/');
    const version = cfg.version ?? require(require.resolve(`${pkgName}/package.json`, { paths: [pkgDir] })).version;
    out[key] = { version, requiredVersion: cfg.requiredVersion };
  }
  return out;
}

/**
 * The shell contract (shared/src/shell-contract/version.ts): a remote records the range it needs,
 * `^<major>.<minor>.0` of the version it was built with, or HIVE_CONTRACT_RANGE from the environment
 * (the version-skew test's incompatible fixture), and the ranges of the shared singletons it needs.
 * The shell refuses to mount it when its own version or singletons do not satisfy them.
 */
function shellContractVersion() {
  const src = fs.readFileSync(path.join(repoRoot, 'shared/src/shell-contract/version.ts'), 'utf8');
  const m = /SHELL_CONTRACT_VERSION = '(\d+)\.(\d+)\.(\d+)'/.exec(src);
  if (!m) throw new Error('shared/src/shell-contract/version.ts: SHELL_CONTRACT_VERSION not found');
  return { version: `${m[1]}.${m[2]}.${m[3]}`, range: `^${m[1]}.${m[2]}.0` };
}
function remoteContract(pkgDir) {
  const shared = {};
  for (const [key, cfg] of Object.entries(sharedSingletons(pkgDir))) {
    if (typeof cfg.requiredVersion === 'string') shared[key] = cfg.requiredVersion;
  }
  return { range: process.env.HIVE_CONTRACT_RANGE || shellContractVersion().range, shared };
}
const REMOTE_APP_WRAPPER = path.join(__dirname, 'remote-app.mjs');

const INDEX_HTML = path.join(__dirname, 'index.html');
const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** index.html with the page title filled in (read on every build, so an edit shows on the next one). */
function indexHtml(title) {
  return fs.readFileSync(INDEX_HTML, 'utf8').replace('{{title}}', escapeHtml(title));
}

/**
 * Brotli and gzip files beside every text asset of a production build (`main.js.br`, `main.js.gz`),
 * made once at the highest levels; the server sends the one the browser accepts
 * (server/src/web/precompressed.ts). Source maps (fetched by developer tools only), licence
 * texts and dotfiles are left out; a file that does not shrink below 80 % is not worth a variant.
 */
const PRECOMPRESS = { test: /\.(js|css|html|json|svg)$/i, exclude: /(^|\/)\./, minRatio: 0.8 };
function precompressPlugins() {
  return [
    new CompressionPlugin({
      ...PRECOMPRESS,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...PRECOMPRESS,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
  ];
}

/**
 * @param {object} o
 * @param {string} o.name       federation name (shell, backoffice, admin, ordering)
 * @param {string} o.dir        the app's folder (__dirname of its webpack.config.cjs)
 * @param {Record<string,string>} [o.exposes]  remotes only
 * @param {boolean} [o.host]     the shell
 * @param {string} [o.title]
 * @param {string} [o.serverEntry]  a remote's server build entry (ServerBuildPlugin), production only
 */
function createConfig({ name, dir, exposes, host = false, title = 'Hive POS', serverEntry }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const prod = mode === 'production';
    // A remote's production build is only its remoteEntry; its standalone page exists in dev,
    // where the remote runs as its own host for its team.
    const withPage = host || !prod || env.standalone;
    const localesDir = path.join(dir, 'public/locales');
    // A remote's production entry uses the shell's federation runtime (see the plugin below).
    const externalRuntime = !host && !withPage;
    // `./App` goes through remote-app.mjs, which adds the recorded contract (`hiveContract`).
    const appExpose = exposes?.['./App'];
    const federatedExposes = appExpose ? { ...exposes, './App': REMOTE_APP_WRAPPER } : exposes;

    const tsRule = {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'ts-loader',
        options: {
          transpileOnly: true,
          configFile: path.join(dir, 'tsconfig.json'),
          compilerOptions: { noEmit: false, sourceMap: true },
        },
      },
    };
    // Scoped per remote: class names carry the app name, so nothing leaks across remotes.
    // css-loader 7 defaults to named exports; the code imports `styles` as the default export.
    const cssModules = {
      namedExport: false,
      exportLocalsConvention: 'as-is',
      localIdentName: prod ? `${name}-[hash:base64:6]` : `${name}__[name]__[local]`,
    };
    // The release's server build, beside its browser build (production remote builds only).
    const serverBuild =
      serverEntry && prod && !withPage ? new ServerBuildPlugin({ dir, entry: serverEntry, tsRule, cssModules }) : null;

    return {
      mode,
      context: dir,
      // webpack's persistent cache (node_modules/.cache/webpack) in development: the dev compile check,
      // the e2e run's standalone dev servers and `npm run dev` reuse each other's module work. Not in
      // production: a build from the cache came out with other chunk contents (mangled names, module
      // concatenation) than a clean one, and a release must be reproducible. HIVE_WEBPACK_CACHE=off
      // compiles from scratch.
      cache:
        prod || process.env.HIVE_WEBPACK_CACHE === 'off'
          ? false
          : {
              type: 'filesystem',
              name: `${name}-${mode}${withPage ? '-page' : ''}`,
              buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.cjs')] },
            },
      entry: withPage ? { main: './src/index.ts' } : {},
      // Production maps carry the full source: they go beside dist/, never into the served folder,
      // and the bundles do not point at them (hidden-source-map).
      devtool: prod ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // Federated entries keep stable names (remoteEntry.js, main.js); chunks are content-hashed.
        filename: '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        sourceMapFilename: '../sourcemaps/[file].map',
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // The server build writes server/ first (ServerBuildPlugin): this build keeps it.
        clean: serverBuild ? { keep: /^server\// } : true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // Every build that compiles the shell's code (the shell, a remote's standalone page, the monolith).
        alias: {
          ...FACADE_SOURCES,
          ...SHELL_FEDERATION_ALIASES,
          ...(appExpose ? { '@hive-remote-app$': path.resolve(dir, appExpose) } : {}),
        },
      },
      module: {
        rules: [
          tsRule,
          {
            test: /\.module\.css$/,
            use: [
              prod ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: cssModules,
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
          { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // The shell has no ModuleFederationPlugin: it is a plain app whose lazy `federation` chunk
        // starts the runtime (shell/src/remotes/federation.ts), so the login page carries none of it.
        !host &&
          new ModuleFederationPlugin({
            name,
            ...(exposes
              ? { filename: 'remoteEntry.js', exposes: federatedExposes, manifest: manifestOptions(remoteContract(dir), serverBuild) }
              : {}),
            shared: sharedSingletons(dir),
            // One offline remote must never block the others.
            shareStrategy: 'loaded-first',
            // One federation runtime per page: the shell provides its runtime-core (global
            // `_FEDERATION_RUNTIME_CORE`) and a remote's production entry uses it instead of bundling its
            // own. A remote's standalone dev page keeps its runtime.
            // `optimization.target: 'web'` defines ENV_TARGET so the runtime's Node-only loaders
            // (vm, fs script loading) are dead code in these browser builds and minified away.
            experiments: {
              ...(externalRuntime ? { externalRuntime: true } : {}),
              optimization: { target: 'web' },
            },
            dts: false,
            dev: prod
              ? false
              : { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
          }),
        new webpack.DefinePlugin({
          HIVE_MF_BUNDLER_RUNTIME_VERSION: JSON.stringify(BUNDLER_RUNTIME_VERSION),
          HIVE_SHELL_SHARED: JSON.stringify(shellProvides(dir)),
          ...(exposes ? { HIVE_REMOTE_CONTRACT: JSON.stringify(remoteContract(dir)) } : {}),
          ...(host
            ? {
                // What the plugin's `optimization.target: 'web'` defines: the runtime's Node-only
                // loaders are dead code and minified away.
                ENV_TARGET: JSON.stringify('web'),
              }
            : {}),
        }),
        externalRuntime && new webpack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME_ENTRY, EXTERNAL_BUNDLER_RUNTIME),
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
        }),
        withPage &&
          new HtmlWebpackPlugin({
            // A string template, not a `template` file: a template file is compiled by a child
            // compiler that inherits the federation plugins and emits its own copy of every shared
            // facade (path imports), whole, under the facade's chunk name: in development (named
            // chunks) that is a "Conflict: Multiple assets emit different content to the same
            // filename" error, in production ~150 KB of unused files in the shell's dist.
            templateContent: () => indexHtml(title),
            chunks: ['main'],
            // The page answers every client route (`/ordering/blue-door-bistro`, `/admin/users`): its
            // scripts from the root, not relative to the route. A remote's chunks still follow
            // publicPath 'auto' (the origin its entry came from), so a shell elsewhere loads them too.
            publicPath: '/',
          }),
        withPage && prod && new PreloadBoundaryPlugin(),
        serverBuild,
        fs.existsSync(localesDir) && new CopyWebpackPlugin({ patterns: [{ from: localesDir, to: 'locales' }] }),
        // dist/.chunk-graph.json: what loads what, for the byte budgets (bench/budgets.mjs).
        prod && new ChunkGraphPlugin(),
        ...(prod ? precompressPlugins() : []),
      ].filter(Boolean),
      optimization: {
        // Keep shared-module chunk names readable in network traces and budgets.
        chunkIds: prod ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: DEV_PORTS[name],
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: {
          // Manifest remotes are fetched cross-origin by the shell in dev.
          'Access-Control-Allow-Origin': '*',
        },
        proxy: [
          {
            context: [
              '/api',
              '/remotes.json',
              '/locales',
              '/healthz',
              '/ordering_online',
              '/ordering_master',
              '/gettokenonline',
            ],
            target: API_ORIGIN,
          },
        ],
      },
    };
  };
}

module.exports = { createConfig, DEV_PORTS, SHARED_SUBPATHS, sharedSingletons, shellProvides };
