// Monolith build of the same code (DESIGN.md section 4, issue 8): the shell with the three remotes'
// `./App` imported directly, no Module Federation. It is the reference the federated build is
// benchmarked against (bench/). Built from the shell's own factory so loaders, CSS scoping, file
// naming and minification are identical; only federation is taken out.
//   npx webpack --config tools/webpack/monolith.config.cjs   ->  bench/monolith/dist
const path = require('node:path');
const fs = require('node:fs');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createConfig } = require('./create-config.cjs');

const repoRoot = path.resolve(__dirname, '../..');
const monolithDir = path.join(repoRoot, 'bench/monolith');
const APP_DIRS = ['shell', 'backoffice-remote', 'admin-remote', 'ordering-remote'];

module.exports = (env = {}, argv = {}) => {
  const base = createConfig({ name: 'shell', dir: path.join(repoRoot, 'shell'), host: true, title: 'Hive POS' })(
    env,
    argv,
  );
  const localeDirs = APP_DIRS.map((d) => path.join(repoRoot, d, 'public/locales')).filter((d) => fs.existsSync(d));
  return {
    ...base,
    name: 'monolith',
    entry: { main: path.join(monolithDir, 'index.ts') },
    output: { ...base.output, path: path.join(monolithDir, 'dist'), uniqueName: 'monolith' },
    resolve: {
      ...base.resolve,
      alias: {
        ...base.resolve.alias,
        // No federation: the shell's lazy federation chunk gets a stub runtime (see mf-runtime-stub.ts).
        '@module-federation/enhanced/runtime$': path.join(monolithDir, 'mf-runtime-stub.ts'),
        '@hive-mf/inject-external-runtime-core$': path.join(monolithDir, 'mf-runtime-stub.ts'),
        '@hive-mf/provide-bundler-runtime$': path.join(monolithDir, 'mf-runtime-stub.ts'),
      },
    },
    plugins: [
      // Federation out; the shell's locale copy is replaced by every app's locales (one origin, one folder).
      ...base.plugins.filter((p) => !(p instanceof ModuleFederationPlugin) && !(p instanceof CopyWebpackPlugin)),
      new CopyWebpackPlugin({ patterns: localeDirs.map((from) => ({ from, to: 'locales', force: false })) }),
    ],
    // webpack's default chunk splitting (the shell's boot chunk groups federation fallbacks).
    optimization: { chunkIds: base.optimization.chunkIds },
    devServer: undefined,
  };
};
