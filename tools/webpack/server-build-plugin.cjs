// A remote's server build beside its browser build: `<output>/server/<name>.<hash>.cjs`, one CommonJS
// file with everything it needs (React, i18next, its locale files), built before the browser
// build's manifest is written, which names it and its sha256 (`metaData.hiveServer`). The server
// loads it from the release its visitor gets (server/src/web/firstScreen), so the HTML and the app
// of one release always come together. Used by the ordering remote (its storefront's first screen).
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');

class ServerBuildPlugin {
  /**
   * @param {object} o
   * @param {string} o.dir         the app's folder
   * @param {string} o.entry       the server entry, relative to `dir`
   * @param {object} o.tsRule      the browser build's TypeScript rule (same compiler settings)
   * @param {object} o.cssModules  the browser build's css-loader `modules` options (same class names)
   */
  constructor({ dir, entry, tsRule, cssModules }) {
    this.options = { dir, entry, tsRule, cssModules };
    /** What the manifest records, once built: `{ file, integrity }`. */
    this.built = null;
  }

  apply(compiler) {
    const { webpack } = compiler;
    compiler.hooks.beforeRun.tapPromise('ServerBuildPlugin', async () => {
      const { dir, entry, tsRule, cssModules } = this.options;
      const outDir = path.join(compiler.options.output.path, 'server');
      const config = {
        mode: 'production',
        target: 'node20',
        context: dir,
        entry: { 'first-screen': path.resolve(dir, entry) },
        output: {
          path: outDir,
          filename: '[name].[contenthash:10].cjs',
          library: { type: 'commonjs2' },
          clean: true,
        },
        resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
        module: {
          rules: [
            tsRule,
            // Class names only (the browser build ships the CSS): the same names as the browser's.
            {
              test: /\.module\.css$/,
              use: { loader: 'css-loader', options: { modules: { ...cssModules, exportOnlyLocals: true } } },
            },
          ],
        },
        // Readable in a server's stack trace; its size is no one's download.
        optimization: { minimize: false },
        plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
        devtool: false,
        cache: false,
        performance: { hints: false },
        stats: 'errors-warnings',
      };
      const stats = await new Promise((resolve, reject) =>
        webpack(config, (err, result) => (err ? reject(err) : resolve(result))),
      );
      if (stats.hasErrors()) {
        throw new Error(`server build: ${stats.toString({ all: false, errors: true, errorDetails: true })}`);
      }
      const file = stats.compilation.getAssets().find((a) => a.name.endsWith('.cjs'))?.name;
      if (!file) throw new Error('server build: no .cjs file emitted');
      const digest = crypto.createHash('sha256').update(fs.readFileSync(path.join(outDir, file))).digest('base64');
      this.built = { file: `server/${file}`, integrity: `sha256-${digest}` };
    });
  }
}

module.exports = { ServerBuildPlugin };
