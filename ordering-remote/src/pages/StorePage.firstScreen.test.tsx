import { act, render } from '@testing-library/react';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import type { OrderingApi } from '../api';
import { renderFirstScreen } from '../firstScreen/server';
import { Wrapper } from '../test/i18n';
import { StorePage } from './StorePage';

// The server's first screen (the ordering remote's server build) and the app's store page: one view.

const PROFILE: StoreProfile = {
  name: 'Blue Door Bistro',
  slug: 'blue-door-bistro',
  takingOrders: true,
  openNow: false,
  timezone: 'Europe/Madrid',
  leadMinutes: 20,
  hours: [null, ...Array.from({ length: 6 }, () => ({ open: '08:00', close: '23:00' }))],
  currency: 'EUR',
};
const MENU: StoreMenu = {
  currency: 'EUR',
  promotions: [],
  categories: [
    {
      id: 1,
      name: 'Coffee',
      items: [
        { id: 7, name: 'Cortado', priceCents: 180, categoryId: 1, modifierGroups: [] },
        {
          id: 8,
          name: 'Latte',
          priceCents: 320,
          categoryId: 1,
          modifierGroups: [
            {
              id: 3,
              name: 'Milk',
              minChoices: 0,
              maxChoices: 1,
              modifiers: [{ id: 31, name: 'Oat', priceCents: 40 }],
            },
          ],
        },
      ],
    },
    {
      id: null,
      name: 'Other',
      items: [{ id: 9, name: 'Tote bag', priceCents: 1000, categoryId: null, modifierGroups: [] }],
    },
  ],
};

const page = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

const api = { profile: jest.fn(async () => PROFILE), menu: jest.fn(async () => MENU) };
jest.mock('../api', () => ({
  ...jest.requireActual('../api'),
  useOrderingApi: () => api as unknown as OrderingApi,
}));

/** Each element's tag and classes, depth first (ids from useId and event wiring aside): the geometry. */
function shape(root: Element): string[] {
  const out: string[] = [];
  const walk = (el: Element, depth: number) => {
    if (el.tagName === 'NOSCRIPT') return;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('');
    out.push(`${' '.repeat(depth)}${el.tagName.toLowerCase()}.${el.className} ${text}`);
    for (const child of el.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return out;
}

describe('the takeover', () => {
  it("the app's store page is the server's first screen, element for element, and replaces it once its menu is in", async () => {
    const server = page(
      renderFirstScreen({ lng: 'en', path: '/ordering/blue-door-bistro', profile: PROFILE, menu: MENU })!.body,
    );
    document.body.append(server.firstElementChild!);
    const { container } = render(<StorePage slug="blue-door-bistro" />, { wrapper: Wrapper });
    // While the profile and then the menu load, the server's page stays.
    expect(document.getElementById('hive-first-screen')).not.toBeNull();
    const first = document.getElementById('hive-first-screen')!.firstElementChild!;
    const expected = shape(first);
    await act(async () => {
      await api.menu.mock.results[0]!.value;
    });
    await act(async () => undefined);
    expect(document.getElementById('hive-first-screen')).toBeNull();
    expect(shape(container.firstElementChild!)).toEqual(expected);
    // The app's controls are the usable ones.
    const controls = [...container.querySelectorAll('button, input, select')];
    expect(controls.filter((c) => (c as HTMLButtonElement).disabled)).toEqual([]);
  });
});
