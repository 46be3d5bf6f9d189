import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReceiptDetail } from '@hive/shared/schemas/backoffice/reports';
import { ReceiptPreview } from '../../settings/general-info/ReceiptPreview';
import { useReportFormat } from '../../../frames/report';
import { renderWithTexts } from '../../../testing/harness';
import { ReceiptView } from './ReceiptView';

const BUSINESS = {
  name: 'Café Lucía',
  address: {
    line1: 'Calle Mayor 12',
    line2: 'Local 3',
    city: 'Madrid',
    region: '',
    postalCode: '28013',
    country: 'ES',
  },
  phone: '+34 910 000 000',
  taxId: 'B12345678',
  header: 'Abierto todos los días\nDesayunos de 8 a 12',
  footer: '¡Gracias!',
};

const RECEIPT: ReceiptDetail = {
  id: 41,
  number: 1041,
  kind: 'sale',
  at: 0,
  localTime: '2026-10-25 09:30',
  timezone: 'Europe/Madrid',
  localNumber: '',
  location: null,
  terminal: null,
  employee: null,
  customer: null,
  orderType: null,
  shiftNumber: null,
  note: '',
  currency: 'EUR',
  business: BUSINESS,
  lines: [
    {
      position: 1,
      name: 'Café',
      quantity: 1,
      unitPriceCents: 180,
      modifiers: [],
      grossCents: 180,
      discountCents: 0,
      totalCents: 180,
    },
  ],
  discounts: [],
  taxes: [
    { name: 'IVA 10%', rateBp: 1000, type: 'included', taxableCents: 164, taxCents: 16 },
    { name: 'Recargo', rateBp: 520, type: 'added', taxableCents: 0, taxCents: 0 },
  ],
  payments: [{ name: 'Efectivo', amountCents: 180, tipCents: 0 }],
  grossCents: 180,
  discountCents: 0,
  netCents: 164,
  taxCents: 16,
  totalCents: 180,
  tipCents: 0,
  changeCents: 0,
  refundOf: null,
  refunds: [],
};

function Receipt() {
  const format = useReportFormat('EUR', 'Europe/Madrid');
  return (
    <MemoryRouter>
      <ReceiptView receipt={RECEIPT} format={format} linkTo={(id) => `/transaction?receipt=${id}`} />
    </MemoryRouter>
  );
}

/** The paragraphs of an element, one text each: what prints as separate lines. */
const linesOf = (element: HTMLElement) => [...element.querySelectorAll('p')].map((p) => p.textContent);

describe('the receipt page (the web receipt)', () => {
  it('prints the header as the settings preview does: address, tax id and each header line on its own', async () => {
    await renderWithTexts(<Receipt />, 'es');
    const receipt = screen.getByRole('article', { name: 'Ticket n.º 1041' });
    const header = [
      'Calle Mayor 12',
      'Local 3',
      '28013 Madrid',
      'España',
      '+34 910 000 000',
      'NIF: B12345678',
      'Abierto todos los días',
      'Desayunos de 8 a 12',
    ];
    expect(linesOf(receipt).slice(0, header.length)).toEqual(header);
  });

  it('is the same list of lines the preview shows', async () => {
    await renderWithTexts(
      <>
        <Receipt />
        <ReceiptPreview
          tradingName={BUSINESS.name}
          address={BUSINESS.address}
          phone={BUSINESS.phone}
          taxId={BUSINESS.taxId}
          header={BUSINESS.header}
          footer=""
          logoUrl={null}
          currency="EUR"
        />
      </>,
      'es',
    );
    const preview = screen.getByTestId('receipt-preview');
    const fromPreview = linesOf(preview).slice(1, 9); // after the name
    const receipt = screen.getByRole('article', { name: 'Ticket n.º 1041' });
    expect(linesOf(receipt).slice(0, 8)).toEqual(fromPreview);
  });

  it('names a tax once with its rate, the rate written as the language writes it', async () => {
    await renderWithTexts(<Receipt />, 'es');
    const receipt = screen.getByRole('article', { name: 'Ticket n.º 1041' });
    expect(within(receipt).getByText('IVA 10% (incluido)')).toBeInTheDocument();
    expect(within(receipt).getByText('Recargo 5,2 % (añadido)')).toBeInTheDocument();
    expect(receipt).not.toHaveTextContent('IVA 10% 10');
  });
});
