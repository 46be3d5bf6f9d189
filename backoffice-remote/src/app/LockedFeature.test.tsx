import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Billing } from '@hive/shared/schemas/backoffice/settings';
import { setUserData, type UserDataPayload } from '@hive/shared/store';
import App from '../App';
import { CLERK, everyPermission, on, OWNER, renderInShell } from '../testing/harness';
import { requestHref } from './LockedFeature';

/*
 * A page the company's plan lacks (a typed URL, a bookmark, an add-on taken away) says which
 * licence or add-on brings it and how to ask, instead of /unauthorized; a role or a permission
 * that hides a page still answers /unauthorized.
 */

const location = () => screen.getByTestId('location').textContent;

/** The Corner Market owner without Inventory (every permission kept: the plan alone hides it). */
const NO_INVENTORY: UserDataPayload = { ...OWNER, addons: ['Item Modifiers', 'Loyalty', 'Kiosk'] };
/** A manager whose role has no Billing page. */
const MANAGER: UserDataPayload = {
  ...NO_INVENTORY,
  user: {
    ...OWNER.user,
    user_id: 2,
    email: 'manager@cornermarket.test',
    role: 'manager',
    permissions: everyPermission().filter((p) => p.description !== 'view_company_billing_menu'),
  },
};
const INVOICE_OWNER: UserDataPayload = {
  user: { user_id: 6, email: 'owner@atlas.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Invoice' },
  addons: ['Invoicing'],
};

const BILLING: Billing = {
  plan: {
    license: 'Retail',
    addons: ['Item Modifiers', 'Kiosk', 'Loyalty'],
    lines: [{ kind: 'license', name: 'Retail', monthly: 49 }],
    coupon: null,
    subtotal: 49,
    discount: 0,
    monthlyTotal: 49,
    currency: 'USD',
  },
  contact: { name: 'Dana Corner', email: 'owner@cornermarket.test' },
  invoices: [],
  requests: [],
};

describe('a page the plan lacks', () => {
  it('names the add-on that brings it and links to Billing to request it; the URL stays', async () => {
    await renderInShell(<App />, { path: '/stock', userData: NO_INVENTORY });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Not in your plan' })).toBeInTheDocument();
    expect(screen.getByText(/^Stock is part of the Inventory add-on\. Request it from Billing/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request it from Billing' })).toHaveAttribute(
      'href',
      '/company_billing?request=1&addon=Inventory',
    );
    expect(location()).toBe('/stock');
    expect(screen.queryByRole('heading', { name: 'Unauthorized (shell page)' })).toBeNull();
  });

  it('the link opens "Request a change" with the add-on ticked', async () => {
    const user = userEvent.setup();
    await renderInShell(<App />, {
      path: '/purchase_orders',
      userData: NO_INVENTORY,
      routes: [on('GET', '/api/backoffice/billing', BILLING)],
    });
    await user.click(await screen.findByRole('link', { name: 'Request it from Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a plan change' });
    expect(within(dialog).getByRole('combobox', { name: 'Licence' })).toHaveValue('Retail');
    expect(within(dialog).getByRole('checkbox', { name: 'Inventory' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Loyalty' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Scheduling' })).not.toBeChecked();
  });

  it('someone who cannot open Billing is told to ask an administrator, with no link', async () => {
    await renderInShell(<App />, { path: '/stock', userData: MANAGER });
    expect(
      await screen.findByText(
        'Stock is part of the Inventory add-on. Ask an administrator of your company to request it in Settings › Billing.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request it from Billing' })).toBeNull();
  });

  it('a licence, either one, or both together, as the menu rule says', async () => {
    const view = await renderInShell(<App />, { path: '/terminal', userData: INVOICE_OWNER });
    expect(await screen.findByText(/^Terminals comes with the Restaurant or Retail licence\./)).toBeInTheDocument();
    act(() => view.navigate('/nectar_points'));
    expect(
      await screen.findByText(/^Loyalty points needs the Retail or Restaurant licence with the Loyalty add-on\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request it from Billing' })).toHaveAttribute(
      'href',
      '/company_billing?request=1&addon=Loyalty&license=Retail',
    );
    act(() => view.navigate('/ordering_online'));
    expect(
      await screen.findByText(/^Online ordering comes with the Restaurant licence or the Ordering Online add-on\./),
    ).toBeInTheDocument();
  });

  it('in Spanish', async () => {
    await renderInShell(<App />, { path: '/stock', userData: NO_INVENTORY, language: 'es' });
    expect(await screen.findByRole('heading', { level: 2, name: 'No incluido en tu plan' })).toBeInTheDocument();
    expect(screen.getByText(/^La página Existencias forma parte del complemento Inventory\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitarlo en Facturación' })).toBeInTheDocument();
  });

  it('opens in place once the plan read live includes it (no reload)', async () => {
    const view = await renderInShell(<App />, { path: '/stock', userData: NO_INVENTORY });
    expect(await screen.findByRole('heading', { level: 2, name: 'Not in your plan' })).toBeInTheDocument();
    act(() => {
      view.store.dispatch(setUserData(OWNER));
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Not in your plan' })).toBeNull());
    expect(location()).toBe('/stock');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeInTheDocument();
  });

  it('a role or a permission that hides the page is still /unauthorized', async () => {
    await renderInShell(<App />, { path: '/stock', userData: { ...CLERK, addons: [] } });
    expect(await screen.findByRole('heading', { name: 'Unauthorized (shell page)' })).toBeInTheDocument();
    expect(location()).toBe('/unauthorized');
  });

  it('the request link asks for an add-on when one suffices, else the licence', () => {
    expect(requestHref({ licenses: ['Restaurant'], addons: ['Ordering Online'], together: false })).toBe(
      '/company_billing?request=1&addon=Ordering+Online',
    );
    expect(requestHref({ licenses: ['Restaurant', 'Retail'], addons: [], together: false })).toBe(
      '/company_billing?request=1&license=Restaurant',
    );
  });
});
