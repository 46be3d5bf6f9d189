// Adds `<link rel="preload">` to index.html for the files of the chunks behind the entry's own
// dynamic import (the shell's `import('./bootstrap')`, the `boundary` edges of chunk-graph-plugin).
// Without it the browser learns of them only after main.js (the federation runtime) has downloaded
// and run: one round trip plus the runtime's parse time on the way to the login form.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { boundaryChunkGroups } = require('./chunk-graph-plugin.cjs');

class PreloadBoundaryPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadBoundaryPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadBoundaryPlugin', (data) => {
        const files = new Set();
        for (const group of boundaryChunkGroups(compilation))
          for (const chunk of group.chunks)
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
        for (const file of [...files].sort()) {
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: file.endsWith('.css') ? 'style' : 'script',
              href: `${data.publicPath}${file}`,
            }),
          );
        }
        return data;
      });
    });
  }
}

module.exports = { PreloadBoundaryPlugin };
