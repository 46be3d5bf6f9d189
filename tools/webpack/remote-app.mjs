// A remote's exposed `./App` (create-config.cjs puts this module in front of the app's own
// `src/App.tsx`): the app's component, plus what its build recorded that the shell checks before
// mounting it (the shell contract range it needs and the ranges of the shared singletons it was
// built against). A named export of the module itself, so the shell reads it whether remotes.json
// points at mf-manifest.json or at remoteEntry.js.
export { default } from '@hive-remote-app';

/* global HIVE_REMOTE_CONTRACT */
export const hiveContract = HIVE_REMOTE_CONTRACT;
