/**
 * The first screen's element (FIRST_SCREEN_ID of @hive/shared/config, which the server and the shell
 * use). A copy, not an import: @hive/shared/config is a shared singleton the shell provides, and a
 * shell released before it had no such export (the version-skew run caught the undefined).
 */
export const FIRST_SCREEN_ID = 'hive-first-screen';
