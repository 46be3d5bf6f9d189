import { screen, within } from '@testing-library/react';
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

  it('reads in Spanish', async () => {
    await renderCards('/giftcards', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarjetas regalo' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tarjetas regalo' });
    expect(within(table).getByRole('row', { name: /1881/ })).toHaveTextContent('Caducada');
  });
});
