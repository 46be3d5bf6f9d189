export { createHttpClient } from './httpClient';
