const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'backoffice',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
  title: 'Hive POS (backoffice, standalone)',
});
