import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiftCard, GiftCardDetail } from '@hive/shared/schemas/backoffice/rewards';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const card = (id: number, last4: string, extra: Partial<GiftCard> = {}): GiftCard => ({
  id,
  last4,
  balanceCents: 2500,
  initialCents: 5000,
  status: 'active',
  expiresOn: null,
  customer: null,
  note: '',
  issuedAt: Date.UTC(2026, 10, 1),
  lastUsedAt: null,
  ...extra,
});
const ROWS = [
  card(1, '4242', { customer: { id: 7, name: 'Ada Lovelace' } }),
  card(2, '1881', { status: 'expired', expiresOn: '2026-01-31', balanceCents: 1000 }),
];
const DETAIL: GiftCardDetail = {
  ...ROWS[0]!,
  entries: [
    {
      id: 3,
      kind: 'redeem',
      amountCents: -2500,
      balanceAfterCents: 2500,
      at: Date.UTC(2026, 10, 2, 12),
      by: null,
      receiptNumber: 1042,
      orderNumber: null,
      note: '',
    },
    {
      id: 1,
      kind: 'issue',
      amountCents: 5000,
      balanceAfterCents: 5000,
      at: Date.UTC(2026, 10, 1, 12),
      by: 'owner@bluedoor.test',
      receiptNumber: null,
      orderNumber: null,
      note: 'Birthday',
    },
  ],
};
const OPTIONS = { customers: [{ id: 7, name: 'Ada Lovelace' }], currency: 'USD' };

function renderCards(path = '/giftcards', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/giftcards', { rows: ROWS }),
      on('GET', '/api/backoffice/giftcards/options', OPTIONS),
      on('GET', '/api/backoffice/giftcards/1', DETAIL),
    ],
  });
}

describe('Offers and rewards › Gift cards', () => {
  it('lists cards masked to their last 4 digits, with balance, holder and status', async () => {
    await renderCards();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift cards' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gift cards' });
    const ada = await within(table).findByRole('row', { name: /4242/ });
    expect(ada).toHaveTextContent('•••• 4242');
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('$25.00');
    expect(ada).toHaveTextContent('Active');
    expect(within(table).getByRole('row', { name: /1881/ })).toHaveTextContent('Expired');
  });

  it('issues a card: the amount is sent in cents and the whole number is shown once', async () => {
    const user = userEvent.setup();
    const issued = { ...DETAIL, id: 9, last4: '0005', number: '4000123412340005' };
    const { calls } = await renderCards('/giftcards?edit=new', [on('POST', '/api/backoffice/giftcards', issued, 201)]);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(/This field is required\./);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.type(amount, '25');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Customer/ }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'The gift card number' });
    expect(within(dialog).getByTestId('gift-card-number')).toHaveTextContent('4000 1234 1234 0005');
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      amountCents: 2500,
      customerId: 7,
      expiresOn: null,
      note: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have noted it' }));
    expect(await screen.findByRole('table', { name: 'Gift cards' })).toBeInTheDocument();
  });

  it("a card's page shows its balance and history, and loads it in cents with a JSON body", async () => {
    const user = userEvent.setup();
    const { calls } = await renderCards('/giftcards?edit=1', [
      on('POST', '/api/backoffice/giftcards/1/load', { ...DETAIL, balanceCents: 3500 }),
    ]);
    expect(await screen.findByTestId('gift-card-balance')).toHaveTextContent('$25.00');
    const history = screen.getByRole('table');
    expect(within(history).getByRole('row', { name: /Paid with/ })).toHaveTextContent('Receipt #1042');
    expect(within(history).getByRole('row', { name: /Issued/ })).toHaveTextContent('Birthday');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    const dialog = screen.getByRole('dialog', { name: 'Load the gift card' });
    await user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveAccessibleDescription(/above 0/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('The card was loaded.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({ amountCents: 1000, note: '' });
  });

  it('an adjustment without a reason is refused before anything is sent; a void needs one too', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCards('/giftcards?edit=1');
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust the balance' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/required/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('in Spanish amounts take a decimal comma: a card issued for "25,50" is 2550 cents', async () => {
    const user = userEvent.setup();
    const issued = { ...DETAIL, id: 9, last4: '0005', number: '4000123412340005' };
    const { calls } = await renderCards(
      '/giftcards?edit=new',
      [on('POST', '/api/backoffice/giftcards', issued, 201)],
      'es',
    );
    const amount = await screen.findByRole('textbox', { name: /^Importe/ });
    await user.type(amount, '25.50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(amount).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '25,50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({ amountCents: 2550 });
  });

  it('in Spanish an adjustment takes a minus sign and a decimal comma: "-5,25" is -525 cents', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCards(
      '/giftcards?edit=1',
      [on('POST', '/api/backoffice/giftcards/1/adjust', DETAIL)],
      'es',
    );
    await user.click(await screen.findByRole('button', { name: 'Ajustar' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajustar el saldo' });
    const amount = within(dialog).getByRole('textbox', { name: /^Importe/ });
    await user.type(amount, '-5.25');
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Error de caja');
    await user.click(within(dialog).getByRole('button', { name: 'Ajustar' }));
    expect(amount).toHaveAccessibleDescription(/Usa la coma para los decimales, como 1,80\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '-5,25');
    await user.click(within(dialog).getByRole('button', { name: 'Ajustar' }));
    expect(await screen.findByText('Se ajustó el saldo.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      amountCents: -525,
      reason: 'Error de caja',
    });
  });

  it('in English a decimal comma is refused on its field, on the card form and in the load dialog', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCards('/giftcards?edit=1');
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    const dialog = screen.getByRole('dialog', { name: 'Load the gift card' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '1,80');
    await user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(amount).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\.$/);
    await user.clear(amount);
    await user.type(amount, '10.005');
    await user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(amount).toHaveAccessibleDescription(/Use at most 2 decimals\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('in English a new card with a decimal comma in its amount is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderCards('/giftcards?edit=new');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderCards('/giftcards', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarjetas regalo' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tarjetas regalo' });
    expect(within(table).getByRole('row', { name: /1881/ })).toHaveTextContent('Caducada');
  });
});
