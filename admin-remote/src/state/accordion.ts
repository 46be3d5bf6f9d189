import { STORAGE_KEYS } from '@hive/shared/config';
import { readJson, writeJson, browserStorage, type KeyStorage } from './storage';

/**
 * The admin sidebar's accordion (SPEC.md 2): at most one top-level group open, kept in local
 * storage under `adminOpenAccordions` as a JSON array of group names (`[]` or `["menu.x"]`).
 */
export const ACCORDION_KEY = STORAGE_KEYS.adminOpenAccordions;

const isNameList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= 1 &&
  value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 100);

/** The saved open group if it is still one of `groups`; anything else reads as none. */
export function readOpenGroup(groups: readonly string[], storage: KeyStorage | null = browserStorage()): string | null {
  const saved = readJson(storage, ACCORDION_KEY, isNameList);
  const name = saved?.[0];
  return name !== undefined && groups.includes(name) ? name : null;
}

export function writeOpenGroup(name: string | null, storage: KeyStorage | null = browserStorage()): void {
  writeJson(storage, ACCORDION_KEY, name === null ? [] : [name]);
}

/** Opening a group closes the other one; clicking the open group closes it. */
export function toggleGroup(open: string | null, name: string): string | null {
  return open === name ? null : name;
}
