import { render, screen, within } from '@testing-library/react';
import type { StoreMenu } from '@hive/shared/schemas/ordering';
import { CartPanel, promotionsOf } from './CartPanel';
import type { CartApi } from '../cart';
import { Wrapper } from '../test/i18n';

const MENU: StoreMenu = {
  currency: 'USD',
  promotions: [],
  categories: [
    {
      id: 1,
      name: 'Mains',
      items: [
        // 10 % added on top, and one with 21 % inside the price.
        {
          id: 7,
          name: 'Burger',
          priceCents: 1650,
          categoryId: 1,
          modifierGroups: [],
          taxes: [{ rateBp: 1000, type: 'added' }],
        },
        {
          id: 8,
          name: 'Wine',
          priceCents: 1210,
          categoryId: 1,
          modifierGroups: [],
          taxes: [{ rateBp: 2100, type: 'included' }],
        },
      ],
    },
  ],
};

const cart = (lines: [number, string, number, number][]): CartApi => ({
  lines: lines.map(([itemId, name, unitPriceCents, quantity]) => ({
    key: `${itemId}:`,
    itemId,
    name,
    modifierIds: [],
    modifierNames: [],
    unitPriceCents,
    quantity,
  })),
  add: jest.fn(),
  setQuantity: jest.fn(),
  remove: jest.fn(),
  clear: jest.fn(),
});

describe('CartPanel at checkout', () => {
  it('shows subtotal before tax, tax and total as the server prices the order', () => {
    render(
      <CartPanel
        cart={cart([
          [7, 'Burger', 1650, 2],
          [8, 'Wine', 1210, 1],
        ])}
        currency="USD"
        readOnly
        promotions={promotionsOf(MENU, 'UTC')}
      />,
      { wrapper: Wrapper },
    );
    const totals = screen.getByText('Tax').closest('dl')!;
    // Burger 33.00 net + 3.30 added; wine 12.10 = 10.00 net + 2.10 included.
    expect(within(totals).getByText('$43.00')).toBeInTheDocument();
    expect(within(totals).getByText('$5.40')).toBeInTheDocument();
    expect(within(totals).getByText('$48.40')).toBeInTheDocument();
  });

  it('without the menu taxes (an older server) it shows the subtotal only', () => {
    const old: StoreMenu = {
      ...MENU,
      categories: [{ ...MENU.categories[0]!, items: MENU.categories[0]!.items.map(({ taxes: _t, ...i }) => i) }],
    };
    render(
      <CartPanel cart={cart([[7, 'Burger', 1650, 2]])} currency="USD" readOnly promotions={promotionsOf(old, 'UTC')} />,
      {
        wrapper: Wrapper,
      },
    );
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(screen.queryByText('Tax')).toBeNull();
  });
});
