export { rememberedLanguage, rememberLanguage } from './language';
