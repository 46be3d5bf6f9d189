const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ name: 'shell', dir: __dirname, host: true, title: 'Hive POS' });
