// What the apps use of @reduxjs/toolkit, shared under the `@reduxjs/toolkit` key (see react-router-dom-facade.mjs).
// `@hive-facade-source/@reduxjs/toolkit` is a resolve alias of the real package (tools/webpack/create-config.cjs):
// importing '@reduxjs/toolkit' here would consume this very shared module.
// recharts imports @reduxjs/toolkit and react-redux too: its names are here as well.
export {
  autoBatchEnhancer,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createListenerMiddleware,
  createSelector,
  createSlice,
  current,
  prepareAutoBatched,
} from '@hive-facade-source/@reduxjs/toolkit';
