import { render, screen } from '@testing-library/react';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import type { OrderingApi } from '../api';
import { Wrapper } from '../test/i18n';
import { StorePage } from './StorePage';

const PROFILE: StoreProfile = {
  name: 'Blue Door Bistro',
  slug: 'blue-door-bistro',
  takingOrders: true,
  openNow: true,
  timezone: 'UTC',
  leadMinutes: 20,
  hours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '23:00' })),
  currency: 'USD',
};
const MENU: StoreMenu = {
  currency: 'USD',
  promotions: [],
  categories: [
    {
      id: 1,
      name: 'Starters',
      items: [{ id: 7, name: 'Burrata', priceCents: 1200, categoryId: 1, modifierGroups: [] }],
    },
  ],
};

/** A promise and the functions that settle it, to hold a request open. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const profile = deferred<StoreProfile>();
const menu = deferred<StoreMenu>();
const api = { profile: jest.fn(() => profile.promise), menu: jest.fn(() => menu.promise) };
jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  useOrderingApi: () => api as unknown as OrderingApi,
}));

describe('StorePage', () => {
  it('asks for the menu with the profile, holds the menu place while it loads, then titles the page', async () => {
    render(<StorePage slug="blue-door-bistro" />, { wrapper: Wrapper });
    // Both requests leave at once: the menu does not wait for the profile.
    expect(api.profile).toHaveBeenCalledWith('blue-door-bistro');
    expect(api.menu).toHaveBeenCalledWith('blue-door-bistro');

    profile.resolve(PROFILE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeInTheDocument();
    expect(screen.getByText('Loading the store…')).toHaveAttribute('role', 'status');
    expect(document.title).toBe('Blue Door Bistro · Online ordering');

    menu.resolve(MENU);
    // The button's name starts with what it shows ("Add … · $12.00"), for speech input.
    const add = await screen.findByRole('button', { name: 'Add Burrata to cart · $12.00' });
    expect(add).toHaveTextContent(/^Add.*· \$12\.00$/);
    expect(screen.queryByText('Loading the store…')).not.toBeInTheDocument();
    expect(api.menu).toHaveBeenCalledTimes(1);
  });
});
