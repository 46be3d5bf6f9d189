const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'admin',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
  title: 'Hive POS (admin, standalone)',
});
