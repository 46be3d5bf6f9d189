import {
  backofficeUiSlice,
  forceOpenGroup,
  openGroups,
  restore,
  selectSavedUi,
  setDrawerOpen,
  toggleGroup,
  toggleSidebar,
  type BackofficeUiState,
} from './uiSlice';

const reduce = (state: BackofficeUiState, ...actions: Parameters<typeof backofficeUiSlice.reducer>[1][]) =>
  actions.reduce(backofficeUiSlice.reducer, state);
const base: BackofficeUiState = { sidebarOpen: true, drawerOpen: false, openGroups: {} };

afterEach(() => localStorage.clear());

describe('back-office UI slice', () => {
  it('starts open with every group closed, or from what was saved', () => {
    expect(backofficeUiSlice.getInitialState()).toEqual(base);
    localStorage.setItem('hive_redux_state', JSON.stringify({ sidebarOpen: false, openGroups: ['menu.team'] }));
    expect(backofficeUiSlice.getInitialState()).toEqual({
      sidebarOpen: false,
      drawerOpen: false,
      openGroups: { 'menu.team': true },
    });
  });

  it('toggles the sidebar and groups', () => {
    const state = reduce(
      base,
      toggleSidebar(),
      toggleGroup('menu.catalog'),
      toggleGroup('menu.team'),
      toggleGroup('menu.catalog'),
    );
    expect(state).toEqual({ sidebarOpen: false, drawerOpen: false, openGroups: { 'menu.team': true } });
  });

  it('forced open: a group clicked on the closed rail opens the sidebar and the group', () => {
    const closed = reduce(base, toggleSidebar());
    expect(reduce(closed, forceOpenGroup('menu.catalog'))).toEqual({
      sidebarOpen: true,
      drawerOpen: false,
      openGroups: { 'menu.catalog': true },
    });
    // Forcing an open group open again keeps it open (it never toggles closed).
    const already = { ...closed, openGroups: { 'menu.catalog': true as const } };
    expect(reduce(already, forceOpenGroup('menu.catalog')).openGroups).toEqual({ 'menu.catalog': true });
  });

  it('openGroups only opens; restore replaces; the drawer is separate', () => {
    const state = reduce(base, toggleGroup('a'), openGroups(['a', 'b']), setDrawerOpen(true));
    expect(state).toEqual({ sidebarOpen: true, drawerOpen: true, openGroups: { a: true, b: true } });
    expect(reduce(state, restore({ sidebarOpen: false, openGroups: ['c'] }))).toEqual({
      sidebarOpen: false,
      drawerOpen: false,
      openGroups: { c: true },
    });
  });

  it('the saved part leaves the drawer out and keeps its identity until it changes', () => {
    const state = { backofficeUi: reduce(base, toggleGroup('menu.catalog')) };
    const saved = selectSavedUi(state);
    expect(saved).toEqual({ sidebarOpen: true, openGroups: ['menu.catalog'] });
    expect(selectSavedUi({ backofficeUi: { ...state.backofficeUi, drawerOpen: true } })).toBe(saved);
    expect(selectSavedUi({})).toBeUndefined();
  });
});
