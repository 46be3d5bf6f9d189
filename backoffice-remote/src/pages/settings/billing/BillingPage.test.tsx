import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Billing, PlatformInvoice } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const BILLING: Billing = {
  plan: {
    license: 'Retail',
    addons: ['Loyalty', 'Inventory'],
    lines: [
      { kind: 'license', name: 'Retail', monthly: 49 },
      { kind: 'addon', name: 'Loyalty', monthly: 15 },
      { kind: 'addon', name: 'Inventory', monthly: null },
    ],
    coupon: { code: 'RETAIL5OFF', kind: 'amount', value: 5, validTo: '2026-12-31', applies: true },
    subtotal: 64,
    discount: 5,
    monthlyTotal: 59,
    currency: 'USD',
  },
  contact: { name: 'Dana Corner', email: 'owner@cornermarket.test' },
  invoices: [
    {
      id: 11,
      number: 6,
      period: '2026-05',
      issuedAt: Date.UTC(2026, 5, 1),
      dueAt: Date.UTC(2026, 5, 15),
      status: 'open',
      total: 59,
      currency: 'USD',
    },
    {
      id: 10,
      number: 5,
      period: '2026-04',
      issuedAt: Date.UTC(2026, 4, 1),
      dueAt: Date.UTC(2026, 4, 15),
      status: 'paid',
      total: 59,
      currency: 'USD',
    },
  ],
  requests: [
    {
      ref: 'HIVE-1003',
      subject: 'Printer not connecting',
      status: 'pending',
      createdAt: 0,
      updatedAt: Date.UTC(2026, 4, 2),
    },
  ],
};

const INVOICE: PlatformInvoice = {
  ...BILLING.invoices[0]!,
  lines: [
    { description: 'Retail licence', amount: 49 },
    { description: 'Loyalty add-on', amount: 15 },
    { description: 'Coupon RETAIL5OFF', amount: -5 },
  ],
  subtotal: 64,
  discount: 5,
  billedTo: {
    name: 'Corner Market',
    legalName: 'Corner Market LLC',
    address: {
      line1: '12 Main Street',
      line2: '',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    taxId: 'US-47-1234567',
    email: 'owner@cornermarket.test',
  },
};

async function renderBilling(path = '/company_billing', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [...routes, on('GET', '/api/backoffice/billing', BILLING)],
  });
}

describe('Settings › Billing', () => {
  it('shows the plan with the price of each part, the coupon and the monthly total', async () => {
    await renderBilling();
    const plan = await screen.findByRole('table', { name: 'Monthly price of your plan' });
    expect(within(plan).getByRole('row', { name: /Retail licence/ })).toHaveTextContent('$49.00');
    expect(within(plan).getByRole('row', { name: /Inventory add-on/ })).toHaveTextContent('Price not set');
    expect(within(plan).getByRole('row', { name: /Coupon RETAIL5OFF/ })).toHaveTextContent('−$5.00');
    expect(screen.getByTestId('billing-monthly-total')).toHaveTextContent('$59.00');
    const invoices = screen.getByRole('table', { name: 'Invoices' });
    expect(within(invoices).getByRole('row', { name: /May 2026/ })).toHaveTextContent('Due');
    expect(within(invoices).getByRole('row', { name: /April 2026/ })).toHaveTextContent('Paid');
    expect(screen.getByText('HIVE-1003')).toBeInTheDocument();
    expect(screen.getByText('Waiting for you')).toBeInTheDocument();
  });

  it('"Request a change" sends the plan wanted as a support request and lists it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBilling('/company_billing', [
      on(
        'POST',
        '/api/backoffice/billing/requests',
        { ref: 'HIVE-1009', subject: 'Plan change request', status: 'open', createdAt: 1, updatedAt: 1 },
        201,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Request a change' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a plan change' });
    expect(within(dialog).getByRole('combobox', { name: 'Licence' })).toHaveValue('Retail');
    expect(within(dialog).getByRole('checkbox', { name: 'Loyalty' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scheduling' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'For the new staff rota.');
    const before = calls.filter((c) => c.url === '/api/backoffice/billing').length;
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request HIVE-1009 sent. Our team will get back to you.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      license: 'Retail',
      addons: ['Loyalty', 'Inventory', 'Scheduling'],
      message: 'For the new staff rota.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/backoffice/billing').length).toBeGreaterThan(before),
    );
  });

  it('the same plan with no message is refused by the server on the message field', async () => {
    const user = userEvent.setup();
    await renderBilling('/company_billing', [
      on(
        'POST',
        '/api/backoffice/billing/requests',
        {
          error: 'validation_error',
          message: 'message: say what',
          fields: { message: 'say what you would like to change' },
        },
        400,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Request a change' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose another plan, or say what you would like to change.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the billing contact needs a name and a valid e-mail', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBilling('/company_billing', [
      on('PUT', '/api/backoffice/billing/contact', { name: 'Ana', email: 'ana@example.com' }),
    ]);
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'ana@');
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ana');
    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('Billing contact saved.')).toBeInTheDocument();
  });

  it('an invoice opens as a printable document', async () => {
    const user = userEvent.setup();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderBilling('/company_billing', [on('GET', '/api/backoffice/billing/invoices/11', INVOICE)]);
    await user.click(await screen.findByRole('link', { name: 'Invoice 6 for May 2026' }));
    const doc = await screen.findByRole('article', { name: 'Invoice 6' });
    expect(doc).toHaveTextContent('Corner Market LLC');
    expect(doc).toHaveTextContent('Coupon RETAIL5OFF');
    expect(doc).toHaveTextContent('$59.00');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Back to billing' }));
    expect(await screen.findByRole('table', { name: 'Monthly price of your plan' })).toBeInTheDocument();
    print.mockRestore();
  });
});
