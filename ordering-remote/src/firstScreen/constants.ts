/**
 * The first screen's element (FIRST_SCREEN_ID of @hive/shared/config, which the server and the shell
 * use). A copy, not an import: @hive/shared/config is a shared singleton the shell provides, and a
 * shell released before it had no such export (the version-skew run caught the undefined).
 */
export const FIRST_SCREEN_ID = 'hive-first-screen';

/**
 * The dishes in the first screen: a phone's screen and a desktop's, no more (every node is layout
 * work before the first paint). The app renders the same first, takes over, then adds the rest.
 */
export const FIRST_SCREEN_ITEMS = 12;
