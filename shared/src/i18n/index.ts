export { createI18n, DEFAULT_LOAD_PATH, i18nOptions, initI18n, normalizeLanguage } from './createI18n';
export type { CreateI18nOptions } from './createI18n';
