import { useApi } from '../../../api';
import { INVENTORY_URL } from '../api';

/** What the inventory forms choose from (`GET /api/backoffice/inventory/<page>/options`). */
export interface InventoryOptions {
  warehouses: { id: number; name: string; locationId: number | null; isDefault: boolean }[];
  items: { id: number; name: string; sku: string; cost: number }[];
  vendors: { id: number; name: string }[];
}

/** The options of one inventory page's API (each page's routes stand behind its own menu rule). */
export function useInventoryOptions<T extends object = InventoryOptions>(page: string) {
  return useApi<T>(INVENTORY_URL.options(page));
}

/** `{ value, label }` choices for a SelectField. */
export const choices = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** A number for the API from a form's select or number input ('' and NaN are null). */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
