// The storefront's first screen: the browser side (the takeover). The server side is its own build
// entry (server.tsx, built by webpack.config.cjs into dist/server/), never imported by the app.
export { useFirstScreenTakeover } from './takeover';
export { FIRST_SCREEN_ITEMS } from './constants';
export { StaticRender, useStaticRender } from './staticRender';
