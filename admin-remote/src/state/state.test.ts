import { STORAGE_KEYS } from '@hive/shared/config';
import { createHiveStore } from '@hive/shared/store';
import { purgeAdminKeys } from './purgeAdminKeys';
import { readOpenGroup, toggleGroup, writeOpenGroup } from './accordion';
import { saveAdminUi, selectSidebarOpen, toggleSidebar } from './adminUi';
import type { KeyStorage } from './storage';

/** A Map-backed storage; `failing` makes every call throw (disabled storage). */
function memoryStorage(
  entries: Record<string, string> = {},
  failing = false,
): KeyStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  const guard = () => {
    if (failing) throw new Error('SecurityError');
  };
  return {
    map,
    get length() {
      guard();
      return map.size;
    },
    key: (i) => (guard(), [...map.keys()][i] ?? null),
    getItem: (k) => (guard(), map.get(k) ?? null),
    setItem: (k, v) => (guard(), void map.set(k, v)),
    removeItem: (k) => (guard(), void map.delete(k)),
  };
}

describe('purgeAdminKeys', () => {
  it('removes every admin_ key except admin_hive_redux_state; other keys stay', () => {
    const storage = memoryStorage({
      admin_a: '1',
      admin_b: '2',
      [STORAGE_KEYS.adminState]: '{}',
      [STORAGE_KEYS.adminOpenAccordions]: '[]',
      primary: '{}',
      Admin_upper: 'case matters',
    });
    expect(purgeAdminKeys(storage).sort()).toEqual(['admin_a', 'admin_b']);
    expect([...storage.map.keys()].sort()).toEqual(
      ['Admin_upper', STORAGE_KEYS.adminState, STORAGE_KEYS.adminOpenAccordions, 'primary'].sort(),
    );
  });

  it('never throws: no storage, or storage that throws', () => {
    expect(purgeAdminKeys(null)).toEqual([]);
    expect(purgeAdminKeys(memoryStorage({ admin_x: '1' }, true))).toEqual([]);
  });
});

describe('accordion storage', () => {
  const groups = ['A', 'B'];
  it('writes [] or [name] and reads back only a known group', () => {
    const storage = memoryStorage();
    writeOpenGroup('B', storage);
    expect(storage.map.get(STORAGE_KEYS.adminOpenAccordions)).toBe('["B"]');
    expect(readOpenGroup(groups, storage)).toBe('B');
    expect(readOpenGroup(['A'], storage)).toBeNull();
    writeOpenGroup(null, storage);
    expect(storage.map.get(STORAGE_KEYS.adminOpenAccordions)).toBe('[]');
    expect(readOpenGroup(groups, storage)).toBeNull();
  });

  it('discards corrupt data (and removes it)', () => {
    for (const raw of ['{', '"A"', '["A","B"]', '[1]', '{"A":true}', 'null']) {
      const storage = memoryStorage({ [STORAGE_KEYS.adminOpenAccordions]: raw });
      expect(readOpenGroup(groups, storage)).toBeNull();
      expect(storage.map.has(STORAGE_KEYS.adminOpenAccordions)).toBe(false);
    }
  });

  it('toggleGroup: one open at a time', () => {
    expect(toggleGroup(null, 'A')).toBe('A');
    expect(toggleGroup('A', 'B')).toBe('B');
    expect(toggleGroup('B', 'B')).toBeNull();
  });

  it('storage that throws reads as nothing open and writes nothing', () => {
    const storage = memoryStorage({}, true);
    expect(readOpenGroup(groups, storage)).toBeNull();
    expect(() => writeOpenGroup('A', storage)).not.toThrow();
  });
});

describe('admin UI state (admin_hive_redux_state)', () => {
  it('saves the sidebar state under admin_hive_redux_state', () => {
    const storage = memoryStorage();
    saveAdminUi({ sidebarOpen: false }, storage);
    expect(JSON.parse(storage.map.get(STORAGE_KEYS.adminState)!)).toEqual({ sidebarOpen: false });
  });

  it('starts open on every load, whatever was saved (SPEC.md 2)', () => {
    for (const saved of ['{"sidebarOpen":false}', '{"sidebarOpen":"no"}', '{corrupt']) {
      localStorage.setItem(STORAGE_KEYS.adminState, saved);
      expect(selectSidebarOpen(createHiveStore({ storage: null }).getState())).toBe(true);
    }
  });

  it('lives in the one store once injected: open by default, toggled by its actions', () => {
    localStorage.clear();
    const store = createHiveStore({ storage: null });
    expect(selectSidebarOpen(store.getState())).toBe(true);
    store.dispatch(toggleSidebar());
    expect(selectSidebarOpen(store.getState())).toBe(false);
  });
});
