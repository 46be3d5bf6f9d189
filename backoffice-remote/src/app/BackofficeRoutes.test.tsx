import { act, screen, waitFor, within } from '@testing-library/react';
import { backofficeMenus, canSeePath, findMenuItem, menuPaths } from '@hive/shared/menu';
import { selectMenuContext, type UserDataPayload } from '@hive/shared/store';
import App from '../App';
import { CLERK, everyPermission, OWNER, renderInShell } from '../testing/harness';
import { ALL_PATHS, WITH_LAYOUT, WITHOUT_LAYOUT } from './BackofficeRoutes';
import { planUnlocking } from './planUnlock';

// Each page has its own tests; here every path answers with a stub that is only its frame.
jest.mock('./pages', () => ({ PAGES: jest.requireActual('../testing/StubPage').stubPages() }));

const BISTRO_OWNER: UserDataPayload = {
  user: { user_id: 4, email: 'owner@bluedoor.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Restaurant' },
  addons: ['Scheduling', 'Ordering Online', 'Loyalty', 'Item Modifiers'],
};
const INVOICE_OWNER: UserDataPayload = {
  user: { user_id: 6, email: 'owner@atlas.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Invoice' },
  addons: ['Invoicing'],
};

const location = () => screen.getByTestId('location').textContent;

describe('routes', () => {
  it('every path of SPEC.md section 2 has a route; only the print views skip the layout', () => {
    expect(ALL_PATHS).toEqual(menuPaths(backofficeMenus));
    expect(ALL_PATHS).toHaveLength(53);
    expect(WITHOUT_LAYOUT).toEqual(['/dailytipoutform', '/teamsheet']);
    expect(WITH_LAYOUT).toHaveLength(51);
  });

  // The Retail owner walks all 53 paths; the others the paths where licences make a difference.
  const LICENCE_PATHS = [
    '/giftcards',
    '/nectar_points',
    '/invoice',
    '/quickbooks',
    '/stock',
    '/scheduling',
    '/closings',
    '/ordering_online',
    '/terminal',
    '/kioske_banner',
  ];
  it.each([
    ['a Retail owner', OWNER, ALL_PATHS],
    ['a Restaurant owner', BISTRO_OWNER, LICENCE_PATHS],
    ['an Invoice owner', INVOICE_OWNER, LICENCE_PATHS],
  ])(
    '%s: every path the menu shows answers with its title; one the plan lacks says so; the others go to /unauthorized',
    async (_label, userData, paths) => {
      const view = await renderInShell(<App />, { path: '/overview', userData });
      const ctx = selectMenuContext(view.store.getState());
      for (const path of paths) {
        act(() => view.navigate(path));
        // Plain DOM queries in this loop: role queries over the whole layout 150 times are slow in jsdom.
        if (canSeePath(path, ctx)) {
          const title = view.i18n.t(findMenuItem(path)!.name);
          await waitFor(() => expect(document.querySelector('main h1')).toHaveTextContent(title));
          expect(location()).toBe(path);
          expect(document.querySelector('[data-testid="stub-page"]')).toHaveTextContent(path);
        } else if (planUnlocking(path, ctx)) {
          // The plan hides it (LockedFeature.test.tsx): the URL stays, the page says what brings it.
          await waitFor(() => expect(document.querySelector('main h2')).toHaveTextContent('Not in your plan'));
          expect(location()).toBe(path);
          expect(document.querySelector('[data-testid="stub-page"]')).toBeNull();
        } else {
          await waitFor(() => expect(location()).toBe('/unauthorized'));
          expect(document.querySelector('h1')).toHaveTextContent('Unauthorized (shell page)');
        }
      }
    },
    30_000,
  );
});

describe('route guard', () => {
  it('clerk@cornermarket.test opening /items lands on /unauthorized', async () => {
    await renderInShell(<App />, { path: '/items', userData: CLERK });
    expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
    expect(location()).toBe('/unauthorized');
  });

  it('the clerk may open the overview', async () => {
    await renderInShell(<App />, { path: '/overview', userData: CLERK });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });

  it('a path missing its permission goes to /unauthorized even for an admin', async () => {
    const withoutTaxReport = {
      ...OWNER,
      user: { ...OWNER.user, permissions: everyPermission().filter((p) => p.description !== 'view_tax_report_menu') },
    };
    await renderInShell(<App />, { path: '/tax_report', userData: withoutTaxReport });
    expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
  });

  it("a page's print view renders it without the layout, behind the page's own rule", async () => {
    await renderInShell(<App />, { path: '/tax_report/print' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax report' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(document.querySelector('[data-layout="none"]')).not.toBeNull();
  });

  it('no print view for a user without the page, nor for a page without one', async () => {
    const withoutTaxReport = {
      ...OWNER,
      user: { ...OWNER.user, permissions: everyPermission().filter((p) => p.description !== 'view_tax_report_menu') },
    };
    await renderInShell(<App />, { path: '/tax_report/print', userData: withoutTaxReport });
    expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
  });

  it.each(['/nope', '/ITEMS', '/items/extra', '/admin-ish', '/items/print'])(
    '%s is in no menu: /unauthorized',
    async (path) => {
      await renderInShell(<App />, { path });
      expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
    },
  );

  it('a trailing slash or a query string still finds the page', async () => {
    await renderInShell(<App />, { path: '/items/?page=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Items' })).toBeInTheDocument();
  });

  it('no user in the store (signed out mid-way): /unauthorized', async () => {
    await renderInShell(<App />, { path: '/overview', userData: null });
    expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
  });
});

describe('pages without layout', () => {
  it.each(['/teamsheet', '/dailytipoutform'])('%s renders without header and sidebar', async (path) => {
    await renderInShell(<App />, { path, userData: BISTRO_OWNER });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(path === '/teamsheet' ? 'Team sheet' : 'Daily tip-out form');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('pages', () => {
  it('every path of the menus has its page, and no page is outside the menus', () => {
    const { PAGES } = jest.requireActual<typeof import('./pages')>('./pages');
    expect(Object.keys(PAGES).sort()).toEqual([...menuPaths(backofficeMenus)].sort());
  });

  it('a page shows its title and the breadcrumb of its groups, in English and Spanish', async () => {
    const view = await renderInShell(<App />, { path: '/purchase_orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase orders' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual([
      'Home',
      'Inventory',
      'Operations',
      'Purchase orders',
    ]);
    expect(document.title).toBe('Purchase orders · Hive POS');
    view.unmount();

    await renderInShell(<App />, { path: '/purchase_orders', language: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Órdenes de compra' })).toBeInTheDocument();
  });
});
