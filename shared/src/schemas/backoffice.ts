/**
 * Back-office API contract (`@hive/shared/schemas/backoffice`): the zod schemas that validate the
 * forms in the browser AND the request bodies on the server (one set of rules), plus the answer
 * types. One file per menu area under `backoffice/` (`@hive/shared/schemas/backoffice/<area>`
 * imports one area alone); this index keeps every name importable from one path. React-free.
 */
export * from './backoffice/common';
export * from './backoffice/catalog';
export * from './backoffice/customers';
export * from './backoffice/overview';
