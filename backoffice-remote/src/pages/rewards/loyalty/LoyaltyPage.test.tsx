import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoyaltyHistory, LoyaltyOverview } from '@hive/shared/schemas/backoffice/rewards';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const OVERVIEW: LoyaltyOverview = {
  settings: { enabled: true, pointsPerUnit: 1, valuePer100Cents: 100, minRedeemPoints: 100 },
  currency: 'USD',
  members: [
    {
      id: 7,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      points: 1250,
      valueCents: 1250,
      lastActivityAt: Date.UTC(2026, 10, 20),
    },
    { id: 8, name: 'Alan Turing', email: '', points: 40, valueCents: 40, lastActivityAt: null },
  ],
  totals: { points: 1290, valueCents: 1290, earned30d: 300, redeemed30d: 200 },
};
const HISTORY: LoyaltyHistory = {
  customer: { id: 7, name: 'Ada Lovelace', points: 1250 },
  entries: [
    {
      id: 2,
      kind: 'earn',
      points: 25,
      balanceAfter: 1250,
      at: Date.UTC(2026, 10, 20),
      receiptNumber: 311,
      by: null,
      note: '',
    },
    {
      id: 1,
      kind: 'adjust',
      points: 1225,
      balanceAfter: 1225,
      at: Date.UTC(2026, 9, 1),
      receiptNumber: null,
      by: null,
      note: 'Opening balance',
    },
  ],
};

function renderLoyalty(path = '/nectar_points', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/loyalty', OVERVIEW),
      on('GET', '/api/backoffice/loyalty/customers/7', HISTORY),
    ],
  });
}

describe('Offers and rewards › Loyalty points', () => {
  it("shows the programme, the customers' points with their worth, and finds a customer", async () => {
    const user = userEvent.setup();
    await renderLoyalty();
    expect(await screen.findByRole('heading', { level: 1, name: 'Loyalty points' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Customers earn and redeem points/ })).toBeChecked();
    expect(screen.getByText('A sale of $20.00 earns 20 points, worth $0.20 off a later sale.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: "Customers' points" });
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('$12.50');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'alan');
    expect(within(table).queryByRole('row', { name: /Ada Lovelace/ })).toBeNull();
  });

  it('saves the programme with the value of 100 points in cents; a bad number is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLoyalty('/nectar_points', [
      on('PUT', '/api/backoffice/loyalty/settings', OVERVIEW.settings),
    ]);
    const rate = await screen.findByRole('textbox', { name: /^Points per 1.00 spent/ });
    await user.clear(rate);
    await user.type(rate, 'two');
    await user.click(screen.getByRole('button', { name: 'Save the programme' }));
    expect(rate).toHaveAccessibleDescription(/Enter a number/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.clear(rate);
    await user.type(rate, '2');
    const value = screen.getByRole('textbox', { name: /^Value of 100 points/ });
    await user.clear(value);
    await user.type(value, '0.50');
    await user.click(screen.getByRole('button', { name: 'Save the programme' }));
    expect(await screen.findByText('The loyalty programme was saved.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      enabled: true,
      pointsPerUnit: 2,
      valuePer100Cents: 50,
      minRedeemPoints: 100,
    });
  });

  it("a customer's history lists each movement; an adjustment needs whole points and a reason", async () => {
    const user = userEvent.setup();
    const { calls } = await renderLoyalty('/nectar_points?customer=7', [
      on('POST', '/api/backoffice/loyalty/customers/7/adjust', HISTORY),
    ]);
    expect(await screen.findByTestId('loyalty-points')).toHaveTextContent('1,250');
    const history = screen.getByRole('table', { name: 'Points history' });
    expect(within(history).getByRole('row', { name: /Earned/ })).toHaveTextContent('Receipt #311');
    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the points' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Points/ }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(within(dialog).getByRole('textbox', { name: /^Points/ })).toHaveAccessibleDescription(/whole points/);
    await user.clear(within(dialog).getByRole('textbox', { name: /^Points/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Points/ }), '-50');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Duplicate sale');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(await screen.findByText('The points were adjusted.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      points: -50,
      reason: 'Duplicate sale',
    });
  });

  it('in Spanish the value of 100 points takes a decimal comma: "0,50" is 50 cents', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLoyalty(
      '/nectar_points',
      [on('PUT', '/api/backoffice/loyalty/settings', OVERVIEW.settings)],
      'es',
    );
    const value = await screen.findByRole('textbox', { name: /^Valor de 100 puntos/ });
    expect(value).toHaveValue('1,00');
    await user.clear(value);
    await user.type(value, '0.50');
    await user.click(screen.getByRole('button', { name: 'Guardar el programa' }));
    expect(value).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.clear(value);
    await user.type(value, '0,50');
    await user.click(screen.getByRole('button', { name: 'Guardar el programa' }));
    expect(await screen.findByText('Se guardó el programa de fidelidad.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toMatchObject({ valuePer100Cents: 50 });
  });

  it('in English a decimal comma in the value of 100 points is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLoyalty('/nectar_points');
    const value = await screen.findByRole('textbox', { name: /^Value of 100 points/ });
    expect(value).toHaveValue('1.00');
    await user.clear(value);
    await user.type(value, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save the programme' }));
    expect(value).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderLoyalty('/nectar_points', [], 'es');
    expect(await screen.findByRole('heading', { level: 2, name: 'Puntos de los clientes' })).toBeInTheDocument();
  });
});
