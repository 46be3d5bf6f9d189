import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderType, PaymentType } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const payment = (id: number, name: string, extra: Partial<PaymentType> = {}): PaymentType => ({
  id,
  name,
  builtin: null,
  cashLike: false,
  active: true,
  position: id,
  updatedAt: 0,
  ...extra,
});
const PAYMENTS = [
  payment(1, 'Cash', { builtin: 'cash', cashLike: true }),
  payment(2, 'Card', { builtin: 'card' }),
  payment(3, 'Voucher', { cashLike: true }),
];

async function renderPayments(path = '/paymentType', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [...routes, on('GET', '/api/backoffice/payment_types', { rows: PAYMENTS })],
  });
}

const names = () =>
  within(screen.getByRole('table', { name: 'Payment types' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('Settings › Payment types (and order types: the same page)', () => {
  it('lists every type in register order; default ones cannot be deleted', async () => {
    await renderPayments();
    const table = await screen.findByRole('table', { name: 'Payment types' });
    await within(table).findByRole('row', { name: /Voucher/ });
    expect(names()).toEqual(['CashDefault', 'CardDefault', 'Voucher']);
    expect(within(table).getByRole('row', { name: /Cash/ })).toHaveTextContent('Yes');
    expect(screen.queryByRole('button', { name: 'Delete Cash' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Voucher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Cash up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Voucher down' })).toBeDisabled();
    // A short list: shown whole, no pager.
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('moving a type saves the whole new order and says where it went', async () => {
    const user = userEvent.setup();
    const reordered = [PAYMENTS[0]!, PAYMENTS[2]!, PAYMENTS[1]!];
    const { calls } = await renderPayments('/paymentType', [
      on('POST', '/api/backoffice/payment_types/reorder', { rows: reordered }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Move Voucher up' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/backoffice/payment_types/reorder')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({ ids: [1, 3, 2] });
    await waitFor(() => expect(names()).toEqual(['CashDefault', 'Voucher', 'CardDefault']));
    expect(screen.getByText('Voucher is now number 2 of 3.')).toBeInTheDocument();
  });

  it('a refused order (the list changed meanwhile) says so and reloads the list', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPayments('/paymentType', [
      on(
        'POST',
        '/api/backoffice/payment_types/reorder',
        { error: 'stale_order', message: 'The list changed meanwhile' },
        409,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Move Card down' }));
    expect(await screen.findByText('The list changed meanwhile. It has been reloaded: try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'get' && c.url === '/api/backoffice/payment_types')).toHaveLength(2),
    );
    await waitFor(() => expect(names()).toEqual(['CashDefault', 'CardDefault', 'Voucher']));
  });

  it('editing Cash: turning off "counted in the drawer" is refused on that field', async () => {
    const user = userEvent.setup();
    await renderPayments('/paymentType?edit=1', [
      on('GET', '/api/backoffice/payment_types/1', PAYMENTS[0]),
      on(
        'PUT',
        '/api/backoffice/payment_types/1',
        {
          error: 'cash_is_cash_like',
          message: 'cashLike: cash is always counted in the drawer',
          fields: { cashLike: 'cash is always counted in the drawer' },
        },
        409,
      ),
    ]);
    expect(await screen.findByText(/A default type: you can rename it or turn it off/)).toBeInTheDocument();
    const cash = screen.getByRole('checkbox', { name: 'Counted in the cash drawer' });
    expect(cash).toBeChecked();
    await user.click(cash);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cash is always counted in the drawer.')).toBeInTheDocument();
    expect(cash).toHaveAttribute('aria-invalid', 'true');
  });

  it('a new payment type needs a name; then it is sent with its drawer setting', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPayments('/paymentType?edit=new', [
      on('POST', '/api/backoffice/payment_types', payment(4, 'Cheque', { cashLike: true }), 201),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/This field is required\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Cheque');
    await user.click(screen.getByRole('checkbox', { name: 'Counted in the cash drawer' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Cheque',
      cashLike: true,
      active: true,
    });
    expect(await screen.findByText('“Cheque” was added.')).toBeInTheDocument();
  });

  it('order types: Takeaway cannot be turned off while online orders come in', async () => {
    const user = userEvent.setup();
    const takeaway: OrderType = {
      id: 5,
      name: 'Takeaway',
      builtin: 'takeaway',
      active: true,
      position: 2,
      usage: 40,
      updatedAt: 0,
    };
    await renderInShell(<App />, {
      path: '/orderTypes?edit=5',
      routes: [
        on('GET', '/api/backoffice/order_types/5', takeaway),
        on(
          'PUT',
          '/api/backoffice/order_types/5',
          { error: 'takeaway_online', message: 'Online orders arrive as Takeaway' },
          409,
        ),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit order type' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: /^Active/ }));
    expect(screen.queryByRole('checkbox', { name: /drawer/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Online orders arrive as Takeaway: stop taking online orders before you turn it off.'),
    ).toBeInTheDocument();
  });
});
