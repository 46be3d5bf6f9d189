const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'ordering',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
  // The store page's first screen as HTML, rendered by the server from this release (src/firstScreen).
  serverEntry: './src/firstScreen/server.tsx',
  title: 'Hive POS (ordering, standalone)',
});
