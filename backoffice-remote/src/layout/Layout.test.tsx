import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCORDION_SAVE_DEBOUNCE_MS } from '@hive/shared/config';
import { backofficeBottomMenu, backofficeMainMenu, menuPaths, visibleMenu } from '@hive/shared/menu';
import { selectMenuContext } from '@hive/shared/store';
import App from '../App';
import { UI_STATE_KEY } from '../state';
import { OWNER, renderInShell } from '../testing/harness';

// The pages themselves are tested on their own; here a light stand-in keeps the focus on the layout.
jest.mock('../app/pages', () => ({ PAGES: jest.requireActual('../testing/StubPage').stubPages() }));

const mainNav = () => screen.getByRole('navigation', { name: 'Main menu' });
const bottomNav = () => screen.getByRole('navigation', { name: 'Bottom menu' });
const group = (name: string) => screen.getByRole('button', { name });

async function renderApp(path = '/overview', options: Parameters<typeof renderInShell>[1] = {}) {
  const result = await renderInShell(<App />, { path, ...options });
  await screen.findByRole('navigation', { name: 'Main menu' });
  // The header's company name arrives last: waiting for it keeps later updates inside act().
  await screen.findByTestId('backoffice-company');
  return result;
}

/** Clicks every closed group (nested ones appear as their parents open) until none is left. */
async function expandAll(user: ReturnType<typeof userEvent.setup>) {
  for (;;) {
    // A DOM query: role queries over the whole sidebar on every round are slow in jsdom.
    const closed = [mainNav(), bottomNav()].flatMap((nav) => [
      ...nav.querySelectorAll('button[aria-expanded="false"]'),
    ]);
    if (closed.length === 0) return;
    await user.click(closed[0]!);
  }
}

/** Links the user can reach: those not inside a closed (hidden) group. */
const hrefs = (nav: HTMLElement) =>
  [...nav.querySelectorAll('a[href]')].filter((a) => !a.closest('[hidden]')).map((a) => a.getAttribute('href'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('layout: header', () => {
  it('shows the logo, product name, company name and the signed-in user', async () => {
    await renderApp();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Hive POS')).toBeInTheDocument();
    expect(within(banner).getByTestId('backoffice-company')).toHaveTextContent('Corner Market');
    expect(screen.getByTestId('backoffice-user')).toHaveTextContent('owner@cornermarket.test');
  });

  it('user menu: language switch through the shell, and logout', async () => {
    const user = userEvent.setup();
    const { services } = await renderApp();
    const account = screen.getByRole('button', { name: 'Account menu for owner@cornermarket.test' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(services.changeLanguage).toHaveBeenCalledWith('es');
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('link', { name: 'Resumen' }),
    ).toBeInTheDocument();
    const panel = document.getElementById(account.getAttribute('aria-controls')!)!;
    await user.click(within(panel).getByRole('button', { name: 'Cerrar sesión' }));
    expect(services.session.logout).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the user menu and focus returns to its button', async () => {
    const user = userEvent.setup();
    await renderApp();
    const account = screen.getByRole('button', { name: /Account menu/ });
    await user.click(account);
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });
});

describe('layout: menus', () => {
  it('shows exactly the entries visibleMenu allows, as links, with groups as buttons', async () => {
    const user = userEvent.setup();
    const { store } = await renderApp();
    await expandAll(user);
    const ctx = selectMenuContext(store.getState());
    expect(hrefs(mainNav())).toEqual(menuPaths(visibleMenu(backofficeMainMenu, ctx)));
    expect(hrefs(bottomNav())).toEqual(menuPaths(visibleMenu(backofficeBottomMenu, ctx)));
    // Logout is an action, not a link.
    expect(within(bottomNav()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    // Retail owner: no Sales group (Invoice licence), no Scheduling.
    expect(within(mainNav()).queryByRole('button', { name: 'Sales' })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Schedule' })).not.toBeInTheDocument();
  }, 20_000);

  it('a user (clerk) sees Overview and Logout only', async () => {
    const { CLERK } = await import('../testing/harness');
    await renderApp('/overview', { userData: CLERK });
    expect(hrefs(mainNav())).toEqual(['/overview']);
    expect(hrefs(bottomNav())).toEqual([]);
    expect(within(bottomNav()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('logout entry calls the shell session logout', async () => {
    const user = userEvent.setup();
    const { services } = await renderApp();
    await user.click(within(bottomNav()).getByRole('button', { name: 'Log out' }));
    expect(services.session.logout).toHaveBeenCalledTimes(1);
  });

  it('highlights the active entry and opens its group on arrival', async () => {
    await renderApp('/items');
    const items = within(mainNav()).getByRole('link', { name: 'Items' });
    expect(items).toHaveAttribute('aria-current', 'page');
    expect(items.className).toMatch(/active/);
    expect(group('Products catalog')).toHaveAttribute('aria-expanded', 'true');
    const categories = within(mainNav()).getByRole('link', { name: 'Categories' });
    expect(categories).not.toHaveAttribute('aria-current');
    expect(categories.className).not.toMatch(/active/);
  });

  it('moves the highlight when another entry is clicked', async () => {
    const user = userEvent.setup();
    await renderApp('/items');
    await user.click(within(mainNav()).getByRole('link', { name: 'Categories' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/categories');
    expect(within(mainNav()).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Items' })).not.toHaveAttribute('aria-current');
  });

  it('groups open and close with the keyboard', async () => {
    const user = userEvent.setup();
    await renderApp();
    const catalog = group('Products catalog');
    catalog.focus();
    await user.keyboard('{Enter}');
    expect(catalog).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainNav()).getByRole('link', { name: 'Bundles' })).toBeVisible();
    await user.keyboard(' ');
    expect(catalog).toHaveAttribute('aria-expanded', 'false');
    expect(within(mainNav()).queryByRole('link', { name: 'Bundles' })).not.toBeInTheDocument();
  });
});

describe('layout: sidebar open / closed', () => {
  it('the toggle closes the sidebar to an icon rail and opens it again', async () => {
    const user = userEvent.setup();
    await renderApp();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveAttribute('data-state', 'open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveAttribute('data-state', 'closed');
    // Entries keep their names on the rail (screen readers, tooltips).
    expect(within(mainNav()).getByRole('link', { name: 'Overview' })).toHaveAttribute('title', 'Overview');
    await user.click(toggle);
    expect(sidebar).toHaveAttribute('data-state', 'open');
  });

  it('forced open: clicking a group on the closed rail opens the sidebar with that group open', async () => {
    const user = userEvent.setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const catalog = group('Products catalog');
    expect(catalog).toHaveAttribute('aria-expanded', 'false');
    await user.click(catalog);
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'true');
    expect(group('Products catalog')).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainNav()).getByRole('link', { name: 'Items' })).toBeVisible();
  });

  it('narrow screens: the sidebar is a drawer that starts closed and closes after a navigation', async () => {
    // jsdom has no matchMedia: pretend the screen is 360 px wide.
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: true,
        media: query,
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      }),
    });
    const user = userEvent.setup();
    await renderApp('/overview');
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(sidebar).toHaveAttribute('data-state', 'drawer-closed');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(sidebar).toHaveAttribute('data-state', 'drawer-open');
    await user.click(group('Products catalog'));
    await user.click(within(mainNav()).getByRole('link', { name: 'Items' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/items');
    expect(sidebar).toHaveAttribute('data-state', 'drawer-closed');
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(sidebar).toHaveAttribute('data-state', 'drawer-closed');
  });
});

describe('layout: accordion states are saved (debounced 300 ms) and restored', () => {
  it('saves 300 ms after the last click, once', async () => {
    jest.useFakeTimers();
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await renderApp();
    const writes = () => setItem.mock.calls.filter(([key]) => key === UI_STATE_KEY);
    await user.click(group('Products catalog'));
    await user.click(group('Team and scheduling'));
    act(() => jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS - 1));
    expect(writes()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(writes()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(UI_STATE_KEY)!)).toEqual({
      sidebarOpen: true,
      openGroups: ['menu.catalog', 'menu.team'],
    });
    await user.click(group('Products catalog'));
    act(() => jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS));
    expect(JSON.parse(localStorage.getItem(UI_STATE_KEY)!).openGroups).toEqual(['menu.team']);
  });

  it('restores saved states on load', async () => {
    localStorage.setItem(
      UI_STATE_KEY,
      JSON.stringify({ sidebarOpen: true, openGroups: ['menu.reporting', 'menu.settings'] }),
    );
    await renderApp();
    expect(group('Reporting')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Settings')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Products catalog')).toHaveAttribute('aria-expanded', 'false');
  });

  it('restores a closed sidebar', async () => {
    localStorage.setItem(UI_STATE_KEY, JSON.stringify({ sidebarOpen: false, openGroups: [] }));
    await renderApp();
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['not JSON', '{{{'],
    ['a wrong shape', JSON.stringify({ sidebarOpen: 'nope', openGroups: 'menu.catalog' })],
  ])('discards corrupt saved data (%s) and starts from the defaults', async (_label, raw) => {
    localStorage.setItem(UI_STATE_KEY, raw);
    await renderApp();
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'true');
    expect(group('Products catalog')).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(UI_STATE_KEY)).toBeNull();
  });

  it('the saved part survives a remount (a reload)', async () => {
    const user = userEvent.setup();
    const first = await renderApp();
    await user.click(group('Inventory'));
    first.unmount(); // unmount flushes the pending write
    expect(JSON.parse(localStorage.getItem(UI_STATE_KEY)!).openGroups).toContain('menu.inventory');
    await renderApp('/overview', { userData: OWNER });
    await waitFor(() => expect(group('Inventory')).toHaveAttribute('aria-expanded', 'true'));
  });
});
