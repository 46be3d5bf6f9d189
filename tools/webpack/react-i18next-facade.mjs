// What the apps use of react-i18next, shared under the `react-i18next` key (see react-router-dom-facade.mjs).
// `@hive-facade-source/react-i18next` is a resolve alias of the real package (tools/webpack/create-config.cjs):
// importing 'react-i18next' here would consume this very shared module.
export { I18nextProvider, initReactI18next, useTranslation } from '@hive-facade-source/react-i18next';
