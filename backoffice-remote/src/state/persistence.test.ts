import { configureStore, createSlice } from '@reduxjs/toolkit';
import { ACCORDION_SAVE_DEBOUNCE_MS, STORAGE_KEYS } from '@hive/shared/config';
import { loadUiState, saveUiState, startUiPersistence, UI_STATE_KEY, type SavedUiState } from './persistence';

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('saved UI state (hive_redux_state)', () => {
  it('uses the storage key of DESIGN.md', () => {
    expect(UI_STATE_KEY).toBe(STORAGE_KEYS.backofficeState);
    expect(UI_STATE_KEY).toBe('hive_redux_state');
  });

  it('round-trips and drops duplicate group names', () => {
    saveUiState({ sidebarOpen: false, openGroups: ['menu.catalog', 'menu.catalog', 'menu.team'] });
    expect(loadUiState()).toEqual({ sidebarOpen: false, openGroups: ['menu.catalog', 'menu.team'] });
  });

  it('nothing saved: null, nothing removed', () => {
    const storage = { getItem: jest.fn(() => null), setItem: jest.fn(), removeItem: jest.fn() };
    expect(loadUiState(storage)).toBeNull();
    expect(storage.removeItem).not.toHaveBeenCalled();
  });

  it.each([
    ['bad JSON', '{"sidebarOpen":'],
    ['plain text', 'open'],
    ['null', 'null'],
    ['a number', '7'],
    ['an array', '["menu.catalog"]'],
    ['sidebarOpen not a boolean', JSON.stringify({ sidebarOpen: 'yes', openGroups: [] })],
    ['openGroups missing', JSON.stringify({ sidebarOpen: true })],
    ['openGroups not a list', JSON.stringify({ sidebarOpen: true, openGroups: { 'menu.catalog': true } })],
    ['group names not strings', JSON.stringify({ sidebarOpen: true, openGroups: [1, 2] })],
    ['an empty group name', JSON.stringify({ sidebarOpen: true, openGroups: [''] })],
    [
      'far too many groups',
      JSON.stringify({ sidebarOpen: true, openGroups: Array.from({ length: 101 }, (_, i) => `g${i}`) }),
    ],
  ])('discards and removes corrupt data: %s', (_label, raw) => {
    localStorage.setItem(UI_STATE_KEY, raw);
    expect(loadUiState()).toBeNull();
    expect(localStorage.getItem(UI_STATE_KEY)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('nope');
      },
    };
    expect(loadUiState(storage)).toBeNull();
    expect(() => saveUiState({ sidebarOpen: true, openGroups: [] }, storage)).not.toThrow();
  });
});

describe('startUiPersistence: debounced 300 ms', () => {
  const slice = createSlice({
    name: 'ui',
    initialState: { saved: { sidebarOpen: true, openGroups: [] } as SavedUiState, other: 0 },
    reducers: {
      open: (state, action: { payload: string }) => {
        state.saved = { ...state.saved, openGroups: [...state.saved.openGroups, action.payload] };
      },
      bump: (state) => {
        state.other += 1;
      },
    },
  });
  const setup = () => {
    const store = configureStore({ reducer: slice.reducer });
    const storage = { getItem: jest.fn(), setItem: jest.fn(), removeItem: jest.fn() };
    const stop = startUiPersistence(store, { select: (s) => s.saved, storage });
    return { store, storage, stop };
  };

  it('writes once, 300 ms after the last change of a burst', () => {
    jest.useFakeTimers();
    const { store, storage } = setup();
    store.dispatch(slice.actions.open('a'));
    jest.advanceTimersByTime(200);
    store.dispatch(slice.actions.open('b'));
    jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS - 1);
    expect(storage.setItem).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.setItem.mock.calls[0][1])).toEqual({ sidebarOpen: true, openGroups: ['a', 'b'] });
  });

  it('ignores changes elsewhere in the store and writes nothing at start', () => {
    jest.useFakeTimers();
    const { store, storage } = setup();
    store.dispatch(slice.actions.bump());
    jest.advanceTimersByTime(1000);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('stop() writes a pending change at once and then stops listening', () => {
    jest.useFakeTimers();
    const { store, storage, stop } = setup();
    store.dispatch(slice.actions.open('a'));
    stop();
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    store.dispatch(slice.actions.open('b'));
    jest.advanceTimersByTime(1000);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it('leaving the page (pagehide) writes a pending change at once', () => {
    jest.useFakeTimers();
    const { store, storage, stop } = setup();
    store.dispatch(slice.actions.open('a'));
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    stop();
  });
});
