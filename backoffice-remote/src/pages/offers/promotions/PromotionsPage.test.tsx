import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Promotion } from '@hive/shared/schemas/backoffice/offers';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const promotion = (id: number, extra: Partial<Promotion>): Promotion => ({
  id,
  name: `Promo ${id}`,
  kind: 'percent_off',
  priority: 10,
  stackable: true,
  active: true,
  itemIds: [],
  categoryIds: [],
  buyQuantity: 0,
  getQuantity: 0,
  getPercentBp: 0,
  percentBp: 2000,
  thresholdCents: 0,
  amountCents: 0,
  days: [],
  startTime: '',
  endTime: '',
  startsOn: null,
  endsOn: null,
  uses30d: 0,
  amount30dCents: 0,
  updatedAt: 0,
  ...extra,
});
const ROWS = [
  promotion(1, {
    name: 'Happy hour',
    days: [1, 2, 3, 4, 5],
    startTime: '17:00',
    endTime: '19:00',
    uses30d: 4,
    amount30dCents: 1_250,
  }),
  promotion(2, {
    name: 'Buy 2 get 1',
    kind: 'buy_get',
    buyQuantity: 2,
    getQuantity: 1,
    getPercentBp: 10_000,
    priority: 20,
    stackable: false,
  }),
];
const OPTIONS = { items: [{ id: 11, name: 'Tiramisu' }], categories: [{ id: 21, name: 'Drinks' }], currency: 'USD' };

function renderPromotions(path = '/promotions', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/promotions', { rows: ROWS }),
      on('GET', '/api/backoffice/discounts/options', OPTIONS),
    ],
  });
}

describe('Offers and rewards › Promotions', () => {
  it('lists promotions in priority order with their rule in words and their use', async () => {
    await renderPromotions();
    const table = await screen.findByRole('table', { name: 'Promotions' });
    const happy = await within(table).findByRole('row', { name: /Happy hour/ });
    expect(happy).toHaveTextContent('20 % off · Mon, Tue, Wed, Thu, Fri 17:00–19:00');
    expect(happy).toHaveTextContent('$12.50');
    const b2g1 = within(table).getByRole('row', { name: /Buy 2 get 1/ });
    expect(b2g1).toHaveTextContent('Buy 2, get 1 free · every day');
    expect(b2g1).toHaveTextContent('Exclusive');
  });

  describe('the status says whether each runs now, in the business zone (America/Chicago)', () => {
    // Tuesday 1 December 2026, 12:00 in Chicago; only Date is faked, the page's timers stay real.
    beforeEach(() => {
      jest.useFakeTimers({
        now: Date.UTC(2026, 11, 1, 18, 0),
        doNotFake: [
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'setImmediate',
          'queueMicrotask',
          'nextTick',
        ],
      });
    });
    afterEach(() => jest.useRealTimers());

    it('running, outside its hours, scheduled with its dates and categories, ended, off', async () => {
      const rows = [
        ...ROWS,
        promotion(3, { name: 'Next week', startsOn: '2026-12-08', categoryIds: [21], itemIds: [11] }),
        promotion(4, { name: 'Last month', startsOn: '2026-11-01', endsOn: '2026-11-30' }),
        promotion(5, { name: 'Switched off', active: false }),
      ];
      await renderPromotions('/promotions', [on('GET', '/api/backoffice/promotions', { rows })]);
      const table = await screen.findByRole('table', { name: 'Promotions' });
      const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
      await within(table).findByRole('row', { name: /Next week/ });
      expect(await within(row('Buy 2 get 1')).findByText('Running now')).toBeInTheDocument();
      expect(within(row('Happy hour')).getByText('On · not running now')).toBeInTheDocument();
      expect(within(row('Next week')).getByText('Scheduled · from Dec 8')).toBeInTheDocument();
      expect(row('Next week')).toHaveTextContent('20 % off · every day · from Dec 8 · on Drinks, Tiramisu');
      expect(within(row('Last month')).getByText('Ended')).toBeInTheDocument();
      expect(row('Last month')).toHaveTextContent('Nov 1 to Nov 30');
      expect(within(row('Switched off')).getByText('Off')).toBeInTheDocument();
    });
  });

  it('the stackable box explains itself (no raw key)', async () => {
    await renderPromotions('/promotions?edit=new');
    expect(
      await screen.findByRole('checkbox', { name: 'Other promotions may apply after it' }),
    ).toHaveAccessibleDescription('When unticked it is exclusive: once it applies, no promotion after it does.');
  });

  it('a new buy-2-get-1 on an item is sent with its fields; a half-given window is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPromotions('/promotions?edit=new', [
      on('POST', '/api/backoffice/promotions', ROWS[1], 201),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Dessert deal');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Kind/ }), 'Buy some, get some');
    await user.click(screen.getByRole('checkbox', { name: 'Tiramisu' }));
    await user.type(screen.getByLabelText(/^From$/), '17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Until/)).toHaveAccessibleDescription(/required/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(screen.getByLabelText(/^From$/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion “Buy 2 get 1” was added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      name: 'Dessert deal',
      kind: 'buy_get',
      itemIds: [11],
      buyQuantity: 2,
      getQuantity: 1,
      getPercentBp: 10_000,
      percentBp: 0,
      startTime: '',
      endTime: '',
    });
  });

  it('in Spanish amounts take a decimal comma: "20,50" and "2,5" are sent as 2050 and 250 cents', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPromotions(
      '/promotions?edit=new',
      [on('POST', '/api/backoffice/promotions', ROWS[0], 201)],
      'es',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Cesta grande');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Tipo/ }), 'Gasta un importe, ahorra dinero');
    const threshold = screen.getByRole('textbox', { name: /^A partir de una cesta de/ });
    await user.type(threshold, '20.50');
    await user.type(screen.getByRole('textbox', { name: /^Importe de descuento/ }), '2,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(threshold).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(threshold);
    await user.type(threshold, '20,50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      kind: 'spend_get',
      thresholdCents: 2050,
      amountCents: 250,
      percentBp: 0,
    });
  });

  it('in English a percentage with a decimal comma is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPromotions('/promotions?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Tiramisu week');
    await user.click(screen.getByRole('checkbox', { name: 'Tiramisu' }));
    const percent = screen.getByRole('textbox', { name: /^Percentage off/ });
    await user.type(percent, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(percent).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderPromotions('/promotions', [], 'es');
    const table = await screen.findByRole('table', { name: 'Promociones' });
    expect(await within(table).findByRole('row', { name: /Buy 2 get 1/ })).toHaveTextContent(
      'Compra 2, llévate 1 gratis',
    );
  });
});
