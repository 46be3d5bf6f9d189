export {
  DOCUMENT_TITLE_SUFFIX,
  useDecimalMessage,
  useLanguage,
  usePageMeta,
  useT,
  useTableLabels,
  useValidationMessages,
} from './hooks';
export type { PageMeta } from './hooks';
export { useFormat, useTimeZone } from './format';
export { dateTimeFormat, isoDay, utcOffset, type DateTimeFormat } from './dates';
export { TimeZoneNote } from './TimeZoneNote';
export { breadcrumbKeys, titleKey } from './pageMeta';
export { AREA_NAMESPACES, useAreaT, withAreaTexts } from './namespaces';
export type { AreaNamespace } from './namespaces';
