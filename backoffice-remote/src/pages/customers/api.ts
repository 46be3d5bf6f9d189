// pages/customers/api.ts: the customers API of the back-office (one place for its endpoints).
// The list, the record, its save and the CSV export all go through the resource frame, which takes
// the collection's `endpoint`; the area makes no call of its own.

/** The collection as the resource frame and `useSaveRecord` take it (`endpoint`, under /api/backoffice). */
export const CUSTOMERS_ENDPOINT = {
  customers: 'customers',
} as const;
