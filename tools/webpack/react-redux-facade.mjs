// What the apps use of react-redux, shared under the `react-redux` key (see react-router-dom-facade.mjs).
// `@hive-facade-source/react-redux` is a resolve alias of the real package (tools/webpack/create-config.cjs):
// importing 'react-redux' here would consume this very shared module.
// recharts imports react-redux too: its names are here as well.
export { Provider, shallowEqual, useDispatch, useSelector, useStore } from '@hive-facade-source/react-redux';
