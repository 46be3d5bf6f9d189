import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ACCORDION_SAVE_DEBOUNCE_MS, STORAGE_KEYS } from '@hive/shared/config';
import type { AdminMenuItem } from '@hive/shared/menu';
import { createTestI18n } from '../testing/renderAdmin.testutil';
import { AdminSidebar } from './AdminSidebar';

/*
 * The admin menu of SPEC.md 2 has no groups today, so the single-open accordion is tested here
 * with a menu that has them (the sidebar renders any AdminMenuItem tree).
 */
const MENU: AdminMenuItem[] = [
  {
    name: 'Merchants',
    icon: 'companies',
    subItems: [
      { name: 'menu.companies', path: '/admin/companies', icon: 'companies' },
      { name: 'menu.users', path: '/admin/users', icon: 'users' },
    ],
  },
  {
    name: 'Billing',
    icon: 'coupons',
    subItems: [
      { name: 'menu.coupons', path: '/admin/coupons' },
      { name: 'menu.base_prices', path: '/admin/base_prices' },
    ],
  },
  { name: 'menu.support', path: '/admin/support', icon: 'support' },
  { name: 'menu.logout', icon: 'logout', action: 'logout' },
];
const KEY = STORAGE_KEYS.adminOpenAccordions;

function renderSidebar({ expanded = true, onExpand = jest.fn() } = {}) {
  const utils = render(
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter>
        <AdminSidebar
          items={MENU}
          pathname="/admin/users"
          expanded={expanded}
          onExpand={onExpand}
          onLogout={jest.fn()}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Admin menu' });
  const group = (name: string) => within(nav).getByRole('button', { name });
  return { ...utils, nav, group, onExpand };
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const saved = () => JSON.parse(localStorage.getItem(KEY) ?? 'null');

describe('single-open accordion (SPEC.md 2)', () => {
  it('groups are buttons with aria-expanded; entries are links', () => {
    const { nav, group } = renderSidebar();
    expect(group('Merchants')).toHaveAttribute('aria-expanded', 'false');
    expect(group('Billing')).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/admin/support');
    expect(within(nav).queryByRole('link', { name: 'Companies' })).not.toBeInTheDocument();
  });

  it('opening a group closes the other one; clicking the open group closes it', async () => {
    const { nav, group } = renderSidebar();
    await user().click(group('Merchants'));
    expect(group('Merchants')).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await user().click(group('Billing'));
    expect(group('Billing')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Merchants')).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Coupons' })).toBeInTheDocument();
    await user().click(group('Billing'));
    expect(within(nav).queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('keeps the open group in localStorage adminOpenAccordions (debounced) and restores it', async () => {
    const first = renderSidebar();
    await user().click(first.group('Billing'));
    expect(localStorage.getItem(KEY)).toBeNull(); // not yet: saves are debounced
    act(() => jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS));
    expect(saved()).toEqual(['Billing']);
    await user().click(first.group('Merchants'));
    act(() => jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS));
    expect(saved()).toEqual(['Merchants']);
    first.unmount();

    const second = renderSidebar();
    expect(second.group('Merchants')).toHaveAttribute('aria-expanded', 'true');
    expect(second.group('Billing')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a pending save is written when the sidebar goes away (navigation, reload)', async () => {
    const { group, unmount } = renderSidebar();
    await user().click(group('Billing'));
    unmount();
    expect(saved()).toEqual(['Billing']);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"Billing":true}'],
    ['two open groups', '["Merchants","Billing"]'],
    ['an unknown group', '["Reports"]'],
    ['a number', '42'],
  ])('discards corrupt saved data (%s): nothing open', (_label, raw) => {
    localStorage.setItem(KEY, raw);
    const { nav } = renderSidebar();
    expect(within(nav).getAllByRole('button', { expanded: false })).toHaveLength(2);
  });

  it('on the icon rail, a group click opens the sidebar with that group open', async () => {
    const onExpand = jest.fn();
    const { group } = renderSidebar({ expanded: false, onExpand });
    await user().click(group('Billing'));
    expect(onExpand).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(ACCORDION_SAVE_DEBOUNCE_MS));
    expect(saved()).toEqual(['Billing']);
  });
});
