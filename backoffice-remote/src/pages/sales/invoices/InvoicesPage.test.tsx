import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, InvoiceDetail, InvoiceOptions } from '@hive/shared/schemas/backoffice/sales';
import App from '../../../App';
import { everyPermission, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const ATLAS = {
  user: { user_id: 6, email: 'owner@atlas.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Invoice' },
  addons: ['Invoicing'],
};

const invoice = (id: number, extra: Partial<Invoice> = {}): Invoice => ({
  id,
  number: id,
  status: 'sent',
  shownStatus: 'sent',
  customer: { id: 1, name: 'Quinn Alvarez', email: 'quinn@example.com' },
  issueDate: '2026-11-01',
  dueDate: '2026-11-30',
  discountCents: 0,
  notes: '',
  subtotalCents: 15_000,
  taxCents: 3_150,
  totalCents: 18_150,
  paidCents: 0,
  balanceCents: 18_150,
  sentAt: 1,
  voidReason: '',
  updatedAt: 1,
  ...extra,
});
const ROWS = [
  invoice(2, { shownStatus: 'overdue' }),
  invoice(1, { status: 'paid', shownStatus: 'paid', paidCents: 18_150, balanceCents: 0 }),
];
const DETAIL: InvoiceDetail = {
  ...ROWS[0]!,
  lines: [
    {
      itemId: null,
      description: 'Strategy workshop',
      quantityHundredths: 150,
      unitPriceCents: 10_000,
      discountCents: 0,
      taxRateIds: [6],
      grossCents: 15_000,
      totalDiscountCents: 0,
      taxCents: 3_150,
      totalCents: 18_150,
    },
  ],
  payments: [],
  taxes: [{ name: 'VAT', rateBp: 2100, type: 'added', taxCents: 3_150 }],
  company: {
    name: 'Atlas Consulting',
    legalName: 'Atlas Consulting S.L.',
    taxId: 'ESB12345678',
    address: 'Madrid',
    email: '',
    phone: '',
  },
};
const OPTIONS: InvoiceOptions = {
  customers: [{ id: 1, name: 'Quinn Alvarez', email: 'quinn@example.com' }],
  items: [{ id: 5, name: 'Workshop day', priceCents: 90_000, taxRateIds: [6] }],
  taxRates: [{ id: 6, name: 'VAT', rateBp: 2100, type: 'added' }],
  paymentTypes: [{ id: 3, name: 'Cheque' }],
  currency: 'USD',
  today: '2026-11-23',
};

function renderInvoices(path = '/invoice', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    userData: ATLAS,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/customer_invoices', { rows: ROWS }),
      on('GET', '/api/backoffice/customer_invoices/options', OPTIONS),
      on('GET', '/api/backoffice/customer_invoices/2', DETAIL),
    ],
  });
}

describe('Sales › Invoices', () => {
  it('lists invoices with their number, balance and state (overdue shown)', async () => {
    await renderInvoices();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const late = await within(table).findByRole('row', { name: /#2/ });
    expect(late).toHaveTextContent('Overdue');
    expect(late).toHaveTextContent('$181.50');
    // Dates in the page's format, not ISO.
    expect(late).toHaveTextContent('Nov 1, 2026');
    expect(late).toHaveTextContent('Nov 30, 2026');
    expect(late).not.toHaveTextContent('2026-11-01');
    expect(within(table).getByRole('row', { name: /#1/ })).toHaveTextContent('Paid');
  });

  it('sorted by number, drafts (no number yet) come before every number, not among them', async () => {
    await renderInvoices('/invoice', [
      on('GET', '/api/backoffice/customer_invoices', {
        rows: [
          invoice(1),
          invoice(7, {
            number: null,
            status: 'draft',
            shownStatus: 'draft',
            customer: { id: 3, name: 'Draft Co', email: '' },
          }),
          invoice(2),
        ],
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByRole('row', { name: /#2/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => (/#\d+|Draft Co/.exec(r.textContent ?? '') ?? [''])[0])).toEqual(['Draft Co', '#2', '#1']);
  });

  it('Send shows the recipient, the subject and the invoice first, and sends only on Confirm', async () => {
    const user = userEvent.setup();
    const draft: InvoiceDetail = { ...DETAIL, number: null, status: 'draft', shownStatus: 'draft' };
    const { calls } = await renderInvoices('/invoice?edit=2', [
      on('GET', '/api/backoffice/customer_invoices/2', draft),
      on('POST', '/api/backoffice/customer_invoices/2/send', { ...DETAIL, number: 3, emailedTo: 'quinn@example.com' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Send the invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this invoice?' });
    expect(dialog).toHaveTextContent('quinn@example.com');
    expect(dialog).toHaveTextContent('Invoice #(its number is given on sending) from Atlas Consulting');
    expect(within(dialog).getByText('Strategy workshop')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url?.endsWith('/send'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send the invoice' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Send this invoice?' })).getByRole('button', {
        name: 'Confirm and send',
      }),
    );
    expect(await screen.findByText('Invoice #3 was sent to quinn@example.com.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url?.endsWith('/send'))).toHaveLength(1);
  });

  it('a new invoice: an item fills the line; quantities in hundredths and prices in cents are sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInvoices('/invoice?edit=new', [
      on(
        'POST',
        '/api/backoffice/customer_invoices',
        { ...DETAIL, id: 9, number: null, status: 'draft', shownStatus: 'draft' },
        201,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('combobox', { name: /^Customer/ })).toHaveAccessibleDescription(
      /Choose one of the options|required/,
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Customer/ }), 'Quinn Alvarez (quinn@example.com)');
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.selectOptions(within(line).getByRole('combobox', { name: /^Item/ }), 'Workshop day');
    expect(within(line).getByRole('textbox', { name: /^Description/ })).toHaveValue('Workshop day');
    const quantity = within(line).getByRole('textbox', { name: /^Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    expect(screen.getByText('Total $1,633.50, tax $283.50.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The draft invoice .* was saved\./)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      customerId: 1,
      issueDate: '2026-11-23',
      dueDate: '2026-12-23',
      lines: [
        {
          itemId: 5,
          description: 'Workshop day',
          quantityHundredths: 150,
          unitPriceCents: 90_000,
          discountCents: 0,
          taxRateIds: [6],
        },
      ],
      discountCents: 0,
      notes: '',
    });
  });

  it('a sent invoice shows the document and records a payment, never above the balance', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInvoices('/invoice?edit=2', [
      on('POST', '/api/backoffice/customer_invoices/2/payments', { ...DETAIL, status: 'paid', shownStatus: 'paid' }),
    ]);
    expect(await screen.findByTestId('invoice-total')).toHaveTextContent('$181.50');
    expect(screen.getByRole('link', { name: 'Printable view' })).toHaveAttribute('href', '/invoice/print?id=2');
    await user.click(screen.getByRole('button', { name: 'Record a payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('181.50');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    expect(amount).toHaveAccessibleDescription(/at most the balance/);
    await user.clear(amount);
    await user.type(amount, '181.50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Paid by/ }), 'Cheque');
    // A reference belongs to a bank transfer only: not offered for a payment type.
    expect(within(dialog).queryByRole('textbox', { name: /Transfer reference/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    expect(await screen.findByText('The payment was recorded.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      amountCents: 18_150,
      paidOn: '2026-11-23',
      paymentTypeId: 3,
      note: '',
    });
  });

  it('a payment by bank transfer is sent with its reference, and the server naming the field shows beside it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInvoices('/invoice?edit=2', [
      on(
        'POST',
        '/api/backoffice/customer_invoices/2/payments',
        {
          error: 'validation_error',
          message: 'reference: must be at most 60 characters',
          fields: { reference: 'must be at most 60 characters' },
        },
        400,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Paid by/ }), 'Bank transfer');
    const reference = within(dialog).getByRole('textbox', { name: /^Transfer reference/ });
    await user.type(reference, 'NL-2026-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Record a payment' }));
    expect(await within(dialog).findByText(/at most 60 characters/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      amountCents: 18_150,
      paidOn: '2026-11-23',
      paymentTypeId: null,
      method: 'bank_transfer',
      reference: 'NL-2026-0042',
      note: '',
    });
  });

  it('a bank transfer shows with its reference in the payments and on the invoice, in Spanish too', async () => {
    const paid: InvoiceDetail = {
      ...DETAIL,
      status: 'partial',
      shownStatus: 'partial',
      paidCents: 10_000,
      balanceCents: 8_150,
      payments: [
        {
          id: 7,
          amountCents: 10_000,
          paidOn: '2026-11-20',
          paymentTypeName: null,
          method: 'bank_transfer',
          reference: 'NL-42',
          note: '',
          recordedAt: 1,
          by: 'owner@atlas.test',
        },
      ],
    };
    const first = await renderInvoices('/invoice?edit=2', [on('GET', '/api/backoffice/customer_invoices/2', paid)]);
    const payments = await screen.findByRole('list', { name: 'Payments' });
    expect(payments).toHaveTextContent('$100.00 on 2026-11-20 by Bank transfer, ref. NL-42');
    expect(screen.getByRole('article', { name: /invoice/i })).toHaveTextContent(
      'Paid on 2026-11-20 (Bank transfer, ref. NL-42)−$100.00',
    );
    first.unmount();
    await renderInvoices('/invoice/print?id=2', [on('GET', '/api/backoffice/customer_invoices/2', paid)], 'es');
    expect(await screen.findByText('Pagado el 2026-11-20 (Transferencia bancaria, ref. NL-42)')).toBeInTheDocument();
  });

  it("Download PDF asks the server for the file in the reader's language and saves it", async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = await renderInvoices(
      '/invoice?edit=2',
      [on('GET', '/api/backoffice/customer_invoices/2/pdf', new Blob(['%PDF-'], { type: 'application/pdf' }))],
      'es',
    );
    await user.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = calls.find((c) => c.url === '/api/backoffice/customer_invoices/2/pdf')!;
    expect([request.params, request.responseType]).toEqual([{ lang: 'es' }, 'blob']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('the print view shows the invoice alone with a Print button, in Spanish too', async () => {
    await renderInvoices('/invoice/print?id=2', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura n.º 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir o guardar como PDF' })).toBeEnabled();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
