// The live switch (issue 44): which release of each remote a request gets (`/remotes.json`, the
// storefront's preload hints) and the origins the CSP allows, from a cache of the release registry
// that the live bus refreshes on every instance.
export { canaryBucket, inCanary, type Audience, type CanaryRule } from './assign';
export { RELEASES_TTL_MS, type ServedRelease } from './cache';
export {
  createReleaseServing,
  hostedManifest,
  type ReleaseRef,
  type ReleaseServing,
  type ReleaseServingOptions,
  type RemoteChoice,
} from './serving';
export { ensureVisitor, VISITOR_COOKIE, visitorIdOf } from './visitor';
