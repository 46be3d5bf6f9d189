import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import { FIRST_SCREEN_ITEMS, renderFirstScreen } from './server';

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

describe('renderFirstScreen (the server build)', () => {
  it('the store, its hours and its menu with prices, in the page language, with what needs JavaScript said', () => {
    const es = renderFirstScreen({ lng: 'es', path: '/ordering/blue-door-bistro', profile: PROFILE, menu: MENU })!;
    const body = page(es.body);
    const root = body.firstElementChild!;
    expect(root.id).toBe('hive-first-screen');
    expect(root.querySelector('h1')).toHaveTextContent('Blue Door Bistro');
    expect(root.querySelector('details')).toHaveTextContent('LunesCerrado'.replace('Cerrado', '08:00–23:00'));
    expect(root.querySelector('details')).toHaveTextContent('DomingoCerrado');
    expect(root).toHaveTextContent('1,80 €');
    expect(root).toHaveTextContent('Oat (+0,40 €)');
    expect([...root.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Carta',
      'Coffee',
      'Other',
      'Tu pedido (0 artículos)',
    ]);
    expect(root.querySelector('noscript')!.innerHTML).toContain('hace falta JavaScript');
    // Not the area yet: the app's [data-area] is the one that answers for it.
    expect(root.querySelector('[data-area]')).toBeNull();
    // The shell's root stays hidden under it; without JavaScript the controls that need it are gone.
    expect(es.head).toContain('#hive-first-screen~#root{display:none}');
    expect(es.head).toMatch(
      /<noscript><style>#hive-first-screen \.[\w-]+,#hive-first-screen \.[\w-]+\{display:none\}<\/style><\/noscript>/,
    );
  });

  it('its controls are disabled until the app takes over (a tap is never silently lost); its links work', () => {
    const root = page(renderFirstScreen({ lng: 'en', path: '/ordering/x', profile: PROFILE, menu: MENU })!.body);
    const controls = [...root.querySelectorAll('button, input, select')];
    expect(controls.length).toBeGreaterThan(4);
    expect(controls.filter((c) => !(c as HTMLButtonElement).disabled)).toEqual([]);
    expect([...root.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))).toEqual(['#cat-1', '#cat-other']);
  });

  it('escapes what the merchant typed', () => {
    const profile = { ...PROFILE, name: '<script>alert(1)</script> & "Co"' };
    const out = renderFirstScreen({ lng: 'en', path: '/ordering/x', profile, menu: MENU })!;
    expect(out.body).not.toContain('<script>');
    expect(out.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; ');
  });

  it('stops after the first items (the app renders the rest), with every category in the nav', () => {
    const many: StoreMenu = {
      ...MENU,
      categories: [1, 2, 3].map((c) => ({
        id: c,
        name: `Category ${c}`,
        items: Array.from({ length: 20 }, (_, i) => ({
          id: c * 100 + i,
          name: `Dish ${c}.${i}`,
          priceCents: 500,
          categoryId: c,
          modifierGroups: [],
        })),
      })),
    };
    const root = page(renderFirstScreen({ lng: 'en', path: '/ordering/x', profile: PROFILE, menu: many })!.body);
    expect(root.querySelectorAll('li h3')).toHaveLength(FIRST_SCREEN_ITEMS);
    expect(root.querySelectorAll('nav a')).toHaveLength(3);
  });

  it('nothing for a store that takes no orders (its page is a notice)', () => {
    expect(
      renderFirstScreen({ lng: 'en', path: '/ordering/x', profile: { ...PROFILE, takingOrders: false }, menu: MENU }),
    ).toBeNull();
  });
});
