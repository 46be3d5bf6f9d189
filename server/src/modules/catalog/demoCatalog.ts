/**
 * Demo catalogs per demo company slug. Prices in the company currency (major units), tax in %.
 * Blue Door Bistro's menu is meant to be reused by the ordering storefront (categories in menu order).
 */

export interface DemoItem {
  name: string;
  sku: string;
  price: number;
  cost: number;
  tax: number;
  track: boolean;
  /** Relative popularity when generating sales. */
  weight: number;
}

export interface DemoCategory {
  name: string;
  color: string;
  items: DemoItem[];
}

export interface DemoSalesProfile {
  /** Average sale receipts on an ordinary day. */
  perDay: number;
  /** Multipliers Sunday..Saturday. */
  weekday: [number, number, number, number, number, number, number];
  /** Relative share of the day's receipts in each hour (UTC), 24 weights. */
  hours: number[];
  /** Most lines a receipt can have, and the highest quantity per line. */
  maxLines: number;
  maxQty: number;
  /** Share of sales refunded. */
  refundRate: number;
}

export interface DemoCatalog {
  categories: DemoCategory[];
  sales: DemoSalesProfile;
}

/** 24 hourly weights from `[fromHour, toHour, weight]` ranges (UTC; `toHour` exclusive). */
function hours(...ranges: [number, number, number][]): number[] {
  const out = Array.from({ length: 24 }, () => 0);
  for (const [from, to, weight] of ranges) for (let h = from; h < to; h += 1) out[h] = weight;
  return out;
}

const i = (
  name: string,
  sku: string,
  price: number,
  cost: number,
  tax: number,
  weight = 1,
  track = true,
): DemoItem => ({
  name,
  sku,
  price,
  cost,
  tax,
  track,
  weight,
});
/** Services and dishes: no stock. */
const s = (name: string, sku: string, price: number, cost: number, tax: number, weight = 1): DemoItem =>
  i(name, sku, price, cost, tax, weight, false);

export const DEMO_CATALOGS: Record<string, DemoCatalog> = {
  'corner-market': {
    categories: [
      {
        name: 'Beverages',
        color: '#2563eb',
        items: [
          i('Still water 500 ml', 'BEV-001', 0.99, 0.3, 8, 6),
          i('Sparkling water 1 l', 'BEV-002', 1.49, 0.5, 8, 3),
          i('Cola 330 ml can', 'BEV-003', 1.29, 0.45, 8, 6),
          i('Orange juice 1 l', 'BEV-004', 3.49, 1.6, 8, 3),
          i('Iced tea lemon 500 ml', 'BEV-005', 1.79, 0.6, 8, 3),
          i('Energy drink 250 ml', 'BEV-006', 2.49, 0.9, 8, 3),
          i('Ground coffee 250 g', 'BEV-007', 5.99, 3.1, 8, 2),
        ],
      },
      {
        name: 'Snacks',
        color: '#f59e0b',
        items: [
          i('Salted crisps 150 g', 'SNK-001', 2.29, 0.9, 8, 5),
          i('Milk chocolate bar', 'SNK-002', 1.49, 0.55, 8, 6),
          i('Salted peanuts 200 g', 'SNK-003', 2.79, 1.1, 8, 2),
          i('Chewing gum mint', 'SNK-004', 0.99, 0.3, 8, 4),
          i('Granola bar', 'SNK-005', 1.19, 0.45, 8, 3),
          i('Gummy bears 200 g', 'SNK-006', 1.99, 0.7, 8, 3),
        ],
      },
      {
        name: 'Dairy',
        color: '#0ea5e9',
        items: [
          i('Whole milk 1 l', 'DAI-001', 1.39, 0.8, 2.5, 6),
          i('Greek yogurt 500 g', 'DAI-002', 2.99, 1.5, 2.5, 3),
          i('Cheddar cheese 200 g', 'DAI-003', 3.79, 2.1, 2.5, 3),
          i('Butter 250 g', 'DAI-004', 2.89, 1.7, 2.5, 3),
          i('Free-range eggs (12)', 'DAI-005', 4.29, 2.4, 2.5, 4),
        ],
      },
      {
        name: 'Bakery',
        color: '#b45309',
        items: [
          i('Sourdough loaf', 'BAK-001', 3.99, 1.4, 2.5, 4),
          i('Butter croissant', 'BAK-002', 1.49, 0.5, 2.5, 6),
          i('Sliced white bread', 'BAK-003', 2.19, 0.9, 2.5, 4),
          i('Blueberry muffin', 'BAK-004', 1.99, 0.7, 2.5, 3),
        ],
      },
      {
        name: 'Fruit and vegetables',
        color: '#16a34a',
        items: [
          i('Bananas (per kg)', 'PRO-001', 1.69, 0.8, 2.5, 5),
          i('Gala apples (per kg)', 'PRO-002', 2.99, 1.4, 2.5, 3),
          i('Tomatoes (per kg)', 'PRO-003', 3.29, 1.6, 2.5, 3),
          i('Avocado', 'PRO-004', 1.59, 0.8, 2.5, 3),
          i('Lemons (3)', 'PRO-005', 1.29, 0.5, 2.5, 2),
        ],
      },
      {
        name: 'Household',
        color: '#7c3aed',
        items: [
          i('Kitchen roll (2)', 'HOU-001', 3.49, 1.7, 8, 2),
          i('Dish soap 500 ml', 'HOU-002', 2.49, 1.1, 8, 2),
          i('AA batteries (4)', 'HOU-003', 5.99, 2.8, 8, 1),
          i('Bin bags (20)', 'HOU-004', 3.99, 1.6, 8, 1),
        ],
      },
      {
        name: 'Personal care',
        color: '#db2777',
        items: [
          i('Toothpaste 75 ml', 'PER-001', 2.99, 1.2, 8, 2),
          i('Shampoo 250 ml', 'PER-002', 4.49, 2, 8, 1),
          i('Hand soap 300 ml', 'PER-003', 2.79, 1.1, 8, 1),
          i('Tissues pocket pack', 'PER-004', 0.79, 0.25, 8, 2),
        ],
      },
    ],
    sales: {
      perDay: 64,
      weekday: [0.8, 0.95, 0.95, 1, 1.05, 1.25, 1.2],
      // A convenience store open around the clock: a trickle at night, busy by day.
      hours: hours(
        [0, 6, 0.25],
        [6, 8, 1],
        [8, 10, 2],
        [10, 12, 1.5],
        [12, 14, 2.2],
        [14, 17, 1.4],
        [17, 20, 2.4],
        [20, 24, 1],
      ),
      maxLines: 5,
      maxQty: 3,
      refundRate: 0.015,
    },
  },

  'blue-door-bistro': {
    categories: [
      {
        name: 'Starters',
        color: '#ea580c',
        items: [
          s('Tomato and basil soup', 'STA-01', 7.5, 1.9, 10, 3),
          s('Burrata with heirloom tomatoes', 'STA-02', 12, 4.2, 10, 3),
          s('Crispy calamari', 'STA-03', 10.5, 3.4, 10, 4),
          s('Garlic bread', 'STA-04', 5.5, 1.1, 10, 4),
          s('Caesar salad', 'STA-05', 9.5, 2.8, 10, 3),
        ],
      },
      {
        name: 'Mains',
        color: '#dc2626',
        items: [
          s('Blue Door burger', 'MAI-01', 16.5, 5.2, 10, 6),
          s('Grilled salmon, greens', 'MAI-02', 22, 8.4, 10, 3),
          s('Ribeye steak, fries', 'MAI-03', 29, 11.5, 10, 3),
          s('Roast chicken, mash', 'MAI-04', 18.5, 5.6, 10, 4),
          s('Mushroom risotto', 'MAI-05', 17, 4.3, 10, 3),
          s('Fish and chips', 'MAI-06', 17.5, 5.1, 10, 4),
        ],
      },
      {
        name: 'Pasta',
        color: '#ca8a04',
        items: [
          s('Spaghetti carbonara', 'PAS-01', 15.5, 3.9, 10, 4),
          s('Penne arrabbiata', 'PAS-02', 13.5, 2.7, 10, 3),
          s('Lasagne al forno', 'PAS-03', 16, 4.4, 10, 3),
          s('Linguine with clams', 'PAS-04', 19.5, 6.2, 10, 2),
        ],
      },
      {
        name: 'Desserts',
        color: '#c026d3',
        items: [
          s('Tiramisu', 'DES-01', 8, 2.1, 10, 4),
          s('Chocolate fondant', 'DES-02', 8.5, 2.3, 10, 3),
          s('Lemon tart', 'DES-03', 7.5, 1.9, 10, 2),
          s('Two scoops of gelato', 'DES-04', 6, 1.5, 10, 3),
        ],
      },
      {
        name: 'Soft drinks',
        color: '#0891b2',
        items: [
          i('Still water 750 ml', 'DRI-01', 4, 0.9, 10, 5),
          i('Sparkling water 750 ml', 'DRI-02', 4, 0.9, 10, 4),
          i('Fresh lemonade', 'DRI-03', 4.5, 0.8, 10, 4, false),
          i('Cola', 'DRI-04', 3.5, 0.7, 10, 4),
        ],
      },
      {
        name: 'Wine and beer',
        color: '#7f1d1d',
        items: [
          i('House red, glass', 'WIN-01', 7.5, 2.1, 21, 4),
          i('House white, glass', 'WIN-02', 7.5, 2.1, 21, 3),
          i('Prosecco, glass', 'WIN-03', 8.5, 2.6, 21, 2),
          i('Draught lager, pint', 'WIN-04', 6.5, 1.6, 21, 5),
        ],
      },
      {
        name: 'Coffee',
        color: '#78350f',
        items: [
          s('Espresso', 'COF-01', 2.8, 0.35, 10, 5),
          s('Cappuccino', 'COF-02', 3.8, 0.55, 10, 5),
          s('Flat white', 'COF-03', 4, 0.6, 10, 3),
          s('Herbal tea', 'COF-04', 3.2, 0.3, 10, 2),
        ],
      },
    ],
    sales: {
      perDay: 48,
      weekday: [1.1, 0.7, 0.8, 0.9, 1, 1.35, 1.45],
      // Breakfast coffee, lunch and dinner services.
      hours: hours([8, 11, 0.5], [11, 12, 1], [12, 15, 3], [15, 18, 0.6], [18, 19, 1.5], [19, 23, 3.2]),
      maxLines: 6,
      maxQty: 2,
      refundRate: 0.01,
    },
  },

  'atlas-consulting': {
    categories: [
      {
        name: 'Advisory',
        color: '#1d4ed8',
        items: [
          s('Consulting hour', 'ADV-HOUR', 150, 70, 21, 6),
          s('Strategy workshop (day)', 'ADV-WORK', 1800, 700, 21, 2),
          s('Process audit', 'ADV-AUDIT', 3500, 1400, 21, 1),
        ],
      },
      {
        name: 'Training',
        color: '#047857',
        items: [
          s('Team training (half day)', 'TRN-HALF', 950, 300, 21, 2),
          s('Online course seat', 'TRN-SEAT', 290, 40, 21, 3),
        ],
      },
      {
        name: 'Support plans',
        color: '#6d28d9',
        items: [
          s('Monthly retainer, basic', 'SUP-BASIC', 600, 250, 21, 2),
          s('Monthly retainer, premium', 'SUP-PREM', 1500, 600, 21, 1),
          s('Out-of-hours call', 'SUP-CALL', 220, 90, 21, 2),
        ],
      },
    ],
    sales: {
      perDay: 3,
      weekday: [0, 1.1, 1.1, 1.1, 1.1, 0.9, 0],
      hours: hours([9, 12, 1], [13, 18, 1]),
      maxLines: 2,
      maxQty: 4,
      refundRate: 0.02,
    },
  },

  'tiny-kiosk': {
    categories: [
      {
        name: 'Drinks',
        color: '#0284c7',
        items: [
          i('Water 500 ml', 'TK-D01', 1.2, 0.3, 8, 6),
          i('Cola 330 ml', 'TK-D02', 1.6, 0.5, 8, 5),
          i('Iced coffee can', 'TK-D03', 2.5, 0.9, 8, 3),
        ],
      },
      {
        name: 'Snacks',
        color: '#d97706',
        items: [
          i('Chocolate bar', 'TK-S01', 1.5, 0.5, 8, 5),
          i('Crisps 40 g', 'TK-S02', 1.1, 0.35, 8, 4),
          i('Mints', 'TK-S03', 1, 0.3, 8, 3),
          i('Flapjack', 'TK-S04', 1.8, 0.6, 8, 2),
        ],
      },
      {
        name: 'Ice cream',
        color: '#ec4899',
        items: [i('Vanilla cone', 'TK-I01', 2.2, 0.7, 8, 3), i('Lemon ice lolly', 'TK-I02', 1.7, 0.4, 8, 2)],
      },
      {
        name: 'Newspapers and magazines',
        color: '#4b5563',
        items: [
          i('Daily newspaper', 'TK-N01', 2, 1.4, 0, 4),
          i('Weekend newspaper', 'TK-N02', 3.5, 2.5, 0, 2),
          i('Puzzle magazine', 'TK-N03', 3.99, 2.6, 0, 1),
        ],
      },
    ],
    sales: {
      perDay: 26,
      weekday: [0.9, 1, 1, 1, 1, 1.1, 1.2],
      hours: hours([6, 9, 1.5], [9, 17, 1], [17, 20, 1.3]),
      maxLines: 3,
      maxQty: 2,
      refundRate: 0.01,
    },
  },

  // A neighbourhood grocer (Asheville, NC): shelf prices before tax; food at the local 2 % rate,
  // candy and soft drinks at the full 7 %. Every item is counted (Inventory). Smaller than Corner
  // Market (fewer, bigger baskets), so seeding its 90 days stays quick.
  'green-leaf-grocers': {
    categories: [
      {
        name: 'Pantry',
        color: '#a16207',
        items: [
          i('Rolled oats 42 oz', 'PAN-01', 5.49, 3.3, 2, 3),
          i('Brown rice 2 lb', 'PAN-02', 3.99, 2.3, 2, 2),
          i('Extra virgin olive oil 500 ml', 'PAN-03', 9.99, 6.2, 2, 2),
          i('Local wildflower honey 12 oz', 'PAN-04', 8.99, 5.4, 2, 1),
          i('Black beans 15 oz can', 'PAN-05', 1.29, 0.7, 2, 3),
          i('Crunchy peanut butter 16 oz', 'PAN-06', 4.49, 2.6, 2, 2),
        ],
      },
      {
        name: 'Fruit and vegetables',
        color: '#16a34a',
        items: [
          i('Organic bananas (per lb)', 'PRO-01', 0.79, 0.45, 2, 6),
          i('Honeycrisp apples (per lb)', 'PRO-02', 2.99, 1.75, 2, 4),
          i('Hass avocado', 'PRO-03', 1.49, 0.85, 2, 4),
          i('Baby spinach 5 oz', 'PRO-04', 3.99, 2.2, 2, 3),
          i('Heirloom tomatoes (per lb)', 'PRO-05', 4.49, 2.6, 2, 2),
          i('Yellow onions 3 lb bag', 'PRO-06', 3.29, 1.7, 2, 2),
        ],
      },
      {
        name: 'Dairy and eggs',
        color: '#0ea5e9',
        items: [
          i('Whole milk, half gallon', 'DAI-01', 3.79, 2.5, 2, 5),
          i('Oat milk 64 oz', 'DAI-02', 4.99, 3.1, 2, 3),
          i('Pasture-raised eggs (12)', 'DAI-03', 6.49, 4.3, 2, 4),
          i('Plain Greek yogurt 32 oz', 'DAI-04', 5.99, 3.7, 2, 2),
          i('Sharp cheddar 8 oz', 'DAI-05', 4.79, 2.9, 2, 2),
        ],
      },
      {
        name: 'Bakery',
        color: '#b45309',
        items: [
          i('Whole wheat sourdough', 'BAK-01', 6.99, 3.2, 2, 3),
          i('Seeded rye loaf', 'BAK-02', 6.49, 3, 2, 2),
          i('Blueberry muffins (4)', 'BAK-03', 5.99, 2.8, 2, 2),
          i('Corn tortillas (30)', 'BAK-04', 3.49, 1.9, 2, 2),
        ],
      },
      {
        name: 'Drinks and snacks',
        color: '#2563eb',
        items: [
          i('Sparkling water 12-pack', 'DRS-01', 5.99, 3.6, 2, 3),
          i('Ginger kombucha 16 oz', 'DRS-02', 3.99, 2.2, 7, 3),
          i('Cold brew coffee 32 oz', 'DRS-03', 6.99, 4.1, 2, 2),
          i('Dark chocolate bar 3 oz', 'DRS-04', 3.49, 1.8, 7, 3),
          i('Tortilla chips 11 oz', 'DRS-05', 4.29, 2.4, 2, 2),
        ],
      },
    ],
    sales: {
      perDay: 28,
      weekday: [1.2, 0.85, 0.85, 0.9, 1, 1.15, 1.3],
      // Open 8 am to 9 pm local time: a lunch bump and the after-work rush.
      hours: hours([8, 10, 1], [10, 12, 1.4], [12, 14, 1.6], [14, 16, 1.1], [16, 19, 2.2], [19, 21, 1]),
      maxLines: 6,
      maxQty: 3,
      refundRate: 0.01,
    },
  },
};

/** Any company without a catalog of its own (e.g. a demo company added later) gets this one. */
export const FALLBACK_CATALOG_SLUG = 'tiny-kiosk';

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Irene',
  'Jamal',
  'Kira',
  'Luis',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST_NAMES = [
  'Alvarez',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Martin',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quintero',
  'Rossi',
  'Santos',
  'Turner',
];
const NOTES = [
  '',
  '',
  '',
  'Prefers paper receipts.',
  'Allergic to nuts.',
  'Regular on Fridays.',
  'Ask about the loyalty card.',
  'Invoice to the office address.',
];

export const DEMO_CUSTOMER_PARTS = { FIRST_NAMES, LAST_NAMES, NOTES };
