import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseOrder } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const none = { by: null, at: null };
const po = (id: number, number: number, extra: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  id,
  number,
  vendorId: 1,
  vendorName: 'Fresh Farms',
  vendorEmail: 'orders@freshfarms.test',
  warehouseId: 1,
  warehouseName: 'Main Street',
  timezone: 'America/Chicago',
  status: 'draft',
  expectedAt: null,
  note: '',
  lines: [{ id: 11, itemId: 5, itemName: 'Milk', sku: 'MILK', quantity: 10, receivedQuantity: 0, cost: 0.8, total: 8 }],
  total: 8,
  receivedTotal: 0,
  created: none,
  updated: none,
  ordered: none,
  received: none,
  cancelled: none,
  closedShort: none,
  ...extra,
});
const DRAFT = po(1, 4);
const ORDERED = po(2, 3, { status: 'ordered', ordered: { by: 'owner@cornermarket.test', at: Date.UTC(2027, 2, 1) } });
const RECEIVED = po(3, 2, {
  status: 'received',
  lines: [{ ...DRAFT.lines[0]!, receivedQuantity: 10 }],
});
const OPTIONS = {
  warehouses: [{ id: 1, name: 'Main Street', locationId: 1, isDefault: true }],
  vendors: [{ id: 1, name: 'Fresh Farms' }],
  items: [
    { id: 5, name: 'Milk', sku: 'MILK', cost: 0.8 },
    { id: 6, name: 'Bread', sku: '', cost: 1.2 },
  ],
};
const API = '/api/backoffice/inventory/purchase_orders';

function renderOrders(path = '/purchase_orders', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on('GET', API, { rows: [RECEIVED, ORDERED, DRAFT] }),
      on('GET', `${API}/options`, OPTIONS),
      on('GET', `${API}/1`, DRAFT),
      on('GET', `${API}/2`, ORDERED),
      on('GET', `${API}/3`, RECEIVED),
    ],
  });
}

describe('Inventory › Purchase orders', () => {
  it('lists orders newest first with their status; only a draft is edited', async () => {
    await renderOrders();
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    await within(table).findByRole('row', { name: /#4/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('#4');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(within(rows[1]!).getByRole('link', { name: 'Edit #4' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Open #3' })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Received');
  });

  it('lists a PO closed short as such, with what arrived beside what was ordered', async () => {
    const short = po(5, 6, {
      status: 'received',
      lines: [{ ...DRAFT.lines[0]!, receivedQuantity: 4 }],
      receivedTotal: 3.2,
      closedShort: { by: 'owner@cornermarket.test', at: Date.UTC(2027, 2, 2) },
    });
    await renderInShell(<App />, {
      path: '/purchase_orders',
      routes: [on('GET', API, { rows: [short, RECEIVED] }), on('GET', `${API}/options`, OPTIONS)],
    });
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    const row = await within(table).findByRole('row', { name: /#6/ });
    expect(row).toHaveTextContent('Closed short');
    expect(row).not.toHaveTextContent('Received');
    expect(row).toHaveTextContent('$3.20 of $8.00');
    expect(within(table).getByRole('row', { name: /#2/ })).toHaveTextContent('Received');
  });

  it('new: vendor, warehouse and lines are checked before anything is sent; low-stock suggestions fill lines', async () => {
    const user = userEvent.setup();
    const { calls } = await renderOrders('/purchase_orders?edit=new', [
      on('GET', `${API}/suggestions`, {
        rows: [{ itemId: 6, itemName: 'Bread', onHand: 1, lowStock: 4, quantity: 7, cost: 1.1 }],
      }),
      on('POST', API, po(9, 5), 201),
    ]);
    // The selects say what to do before anything is chosen (not a blank box).
    expect(await screen.findByRole('combobox', { name: /^Vendor/ })).toHaveDisplayValue('Choose a vendor');
    expect(screen.getByRole('combobox', { name: /^Deliver to/ })).toHaveDisplayValue('Choose a warehouse');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('combobox', { name: /^Deliver to/ })).toHaveAccessibleDescription(
      /Choose one of the options\./,
    );
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).toHaveAccessibleDescription(
      /Choose one of the options\./,
    );
    expect(screen.getByText('This field is required.', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: /^Vendor/ }), 'Fresh Farms');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Deliver to/ }), 'Main Street');
    await user.click(screen.getByRole('button', { name: 'Add low-stock items' }));
    const line = await screen.findByRole('group', { name: 'Line 1' });
    expect(within(line).getByRole('textbox', { name: /^Quantity/ })).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      vendorId: 1,
      warehouseId: 1,
      expectedAt: null,
      note: '',
      lines: [{ itemId: 6, quantity: 7, cost: 1.1 }],
    });
  });

  it('a draft is ordered with its button; cancelling asks first', async () => {
    const user = userEvent.setup();
    const { calls } = await renderOrders('/purchase_orders?edit=1', [
      on('POST', `${API}/1/order`, { ...DRAFT, status: 'ordered' }),
      on('POST', `${API}/1/cancel`, { ...DRAFT, status: 'cancelled' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Order' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${API}/1/order`)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this purchase order?' });
    expect(calls.some((c) => c.url === `${API}/1/cancel`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${API}/1/cancel`)).toBe(true));
  });

  it('an ordered PO is received per line or whole, and e-mailed to the vendor', async () => {
    const user = userEvent.setup();
    const { calls } = await renderOrders('/purchase_orders?edit=2', [
      on('POST', `${API}/2/receive`, { ...ORDERED, status: 'partially_received' }),
      on('POST', `${API}/2/email`, { sent: true, to: 'orders@freshfarms.test' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase order #3' })).toBeInTheDocument();
    // Shown before any quantity is typed, disabled with the reason.
    expect(screen.getByRole('button', { name: 'Receive the quantities entered' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Receive the quantities entered' })).toHaveAccessibleDescription(
      'Enter the quantities received in the “Receive now” column first.',
    );
    expect(screen.queryByRole('button', { name: 'Close short' })).toBeNull();
    // Ordered at 00:00 UTC on 1 March: 6 PM the day before at its warehouse, in Chicago, said once.
    expect(screen.getByText('owner@cornermarket.test · Feb 28, 2027, 6:00 PM')).toBeInTheDocument();
    expect(screen.getByText(/^Times in America\/Chicago \((CST|CDT)\)$/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Receive Milk now (10 outstanding)' }), '4');
    await user.click(screen.getByRole('button', { name: 'Receive the quantities entered' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${API}/2/receive`)).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === `${API}/2/receive`)!.data))).toEqual({
      lines: [{ lineId: 11, quantity: 4 }],
    });
    await user.click(screen.getByRole('button', { name: 'E-mail to the vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'E-mail purchase order #3' });
    // The vendor's address, prefilled: sent as is, no confirmation asked.
    expect(within(dialog).getByRole('textbox', { name: /^Send to/ })).toHaveValue('orders@freshfarms.test');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Purchase order #3 was e-mailed.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.url === `${API}/2/email`)!.data))).toEqual({});
  });

  it('a partially received PO is closed short after a confirmation; then it says so and offers nothing more', async () => {
    const user = userEvent.setup();
    const partial = po(2, 3, {
      status: 'partially_received',
      lines: [{ ...DRAFT.lines[0]!, receivedQuantity: 4 }],
    });
    let closed = false;
    const { calls } = await renderOrders('/purchase_orders?edit=2', [
      (config) =>
        config.url === `${API}/2` && config.method === 'get'
          ? {
              status: 200,
              data: closed
                ? {
                    ...partial,
                    status: 'received',
                    receivedTotal: 3.2,
                    closedShort: { by: 'owner@cornermarket.test', at: Date.UTC(2027, 2, 2) },
                  }
                : partial,
            }
          : undefined,
      (config) => {
        if (config.url !== `${API}/2/close`) return undefined;
        closed = true;
        return { status: 200, data: {} };
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Close short' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close this purchase order short?' });
    expect(calls.some((c) => c.url === `${API}/2/close`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close short' }));
    expect(await screen.findByText('Purchase order #3 was closed short.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Closed short: what was not received is no longer expected. This purchase order can no longer change.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Receive/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close short' })).toBeNull();
    // Not "Received": part of it never came; what arrived is valued beside what was ordered.
    expect(screen.getByText('Closed short', { selector: '[class*="badge"], span' })).toBeInTheDocument();
    expect(screen.queryByText('Received', { selector: '[class*="badge"]' })).toBeNull();
    const received = screen.getByRole('rowheader', { name: 'Received value' });
    expect(received.closest('tr')).toHaveTextContent('$3.20');
    expect(screen.getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent('$8.00');
  });

  it('another address goes out only once confirmed, one address, never a list; a mail limit says when to retry', async () => {
    const user = userEvent.setup();
    let limited = false;
    const { calls } = await renderOrders('/purchase_orders?edit=2', [
      (config) =>
        config.method === 'post' && config.url === `${API}/2/email`
          ? limited
            ? {
                status: 429,
                data: { error: 'mail_limit', limit: 'recipient', message: 'Too many', retryAfter: 1500 },
              }
            : { data: { sent: true, to: 'buyer@elsewhere.test' } }
          : undefined,
    ]);
    const posts = () => calls.filter((c) => c.url === `${API}/2/email`);
    await user.click(await screen.findByRole('button', { name: 'E-mail to the vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'E-mail purchase order #3' });
    const to = within(dialog).getByRole('textbox', { name: /^Send to/ });

    await user.clear(to);
    await user.type(to, 'a@elsewhere.test, b@elsewhere.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(to).toHaveAccessibleDescription(/Enter one email address, not a list\./);
    expect(posts()).toHaveLength(0);

    await user.clear(to);
    await user.type(to, 'buyer@elsewhere.test');
    const confirm = within(dialog).getByRole('checkbox', {
      name: 'Yes, send this order to buyer@elsewhere.test, not to the address of Fresh Farms.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(confirm).toHaveAccessibleDescription(/Tick the box/);
    expect(posts()).toHaveLength(0);

    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Purchase order #3 was e-mailed.')).toBeInTheDocument();
    expect(JSON.parse(String(posts()[0]!.data))).toEqual({ to: 'buyer@elsewhere.test', confirmOtherRecipient: true });

    limited = true;
    await user.click(screen.getByRole('button', { name: 'E-mail to the vendor' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Too many e-mails of this kind to this address. Try again in 25 minutes.'),
    ).toBeInTheDocument();
  });

  it('in Spanish: the dialog and its confirmation', async () => {
    const user = userEvent.setup();
    await renderInShell(<App />, {
      path: '/purchase_orders?edit=2',
      language: 'es',
      routes: [on('GET', `${API}/options`, OPTIONS), on('GET', `${API}/2`, ORDERED)],
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar por correo al proveedor' }));
    const dialog = screen.getByRole('dialog', { name: 'Enviar por correo la orden de compra n.º 3' });
    const to = within(dialog).getByRole('textbox', { name: /^Enviar a/ });
    await user.clear(to);
    await user.type(to, 'otro@ejemplo.test');
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Sí, enviar esta orden a otro@ejemplo.test y no a la dirección de Fresh Farms.',
      }),
    ).not.toBeChecked();
  });

  it('a received PO is read-only', async () => {
    await renderOrders('/purchase_orders?edit=3');
    expect(await screen.findByText(/this purchase order can no longer change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Receive/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
  });
});
