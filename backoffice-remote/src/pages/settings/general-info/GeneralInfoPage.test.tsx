import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Business } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const BUSINESS: Business = {
  legalName: 'Corner Market LLC',
  tradingName: 'Corner Market',
  taxId: 'US-47-1234567',
  email: 'hello@cornermarket.test',
  phone: '+1 217 555 0142',
  address: {
    line1: '12 Main Street',
    line2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  currency: 'USD',
  timezone: 'America/Chicago',
  receiptHeader: 'Fresh every day',
  receiptFooter: 'Thank you!',
  currencyLocked: false,
  logo: null,
  updatedAt: 0,
};

// The first bytes of each kind of file the logo field may be given: a PNG's signature and header.
const pngHeader = (width: number, height: number) => {
  const bytes = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    73,
    72,
    68,
    82,
    ...new Array<number>(13).fill(0),
  ]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
};
const PNG = pngHeader(200, 80);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');

async function renderInfo(routes: FakeRoute[] = [], business: Business = BUSINESS, language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path: '/generalinfo',
    language,
    routes: [...routes, on('GET', '/api/backoffice/business', business)],
  });
}

describe('Settings › General information', () => {
  it('shows the saved information and a receipt preview that follows what is typed', async () => {
    const user = userEvent.setup();
    await renderInfo();
    const trading = await screen.findByRole('textbox', { name: /^Trading name/ });
    expect(trading).toHaveValue('Corner Market');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('US');
    expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveValue('USD');
    const preview = screen.getByTestId('receipt-preview');
    expect(preview).toHaveTextContent('Fresh every day');
    expect(preview).toHaveTextContent('62701 Springfield');
    await user.clear(screen.getByRole('textbox', { name: /^Receipt footer/ }));
    await user.type(screen.getByRole('textbox', { name: /^Receipt footer/ }), 'See you soon');
    expect(preview).toHaveTextContent('See you soon');
    expect(preview).not.toHaveTextContent('Thank you!');
  });

  it('bad values get a message on their field and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInfo();
    await user.clear(await screen.findByRole('textbox', { name: /^Trading name/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Email/ }));
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Trading name/ })).toHaveAccessibleDescription(
      /This field is required\.$/,
    );
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('saves, says so and refreshes the header with the new trading name', async () => {
    const user = userEvent.setup();
    const saved = { ...BUSINESS, tradingName: 'Corner Market Downtown' };
    const { calls } = await renderInfo([on('PUT', '/api/backoffice/business', saved)]);
    const trading = await screen.findByRole('textbox', { name: /^Trading name/ });
    await user.clear(trading);
    await user.type(trading, 'Corner Market Downtown');
    const companyCalls = () => calls.filter((c) => c.url === '/api/backoffice/company').length;
    const before = companyCalls();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business information saved.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toMatchObject({
      tradingName: 'Corner Market Downtown',
      address: BUSINESS.address,
      currency: 'USD',
    });
    await waitFor(() => expect(companyCalls()).toBeGreaterThan(before));
  });

  it('after the first sale the currency is shown, not offered; a refused change lands on the currency', async () => {
    const user = userEvent.setup();
    await renderInfo(
      [
        on(
          'PUT',
          '/api/backoffice/business',
          {
            error: 'currency_locked',
            message: 'currency: the currency cannot change after the first sale',
            fields: { currency: 'the currency cannot change after the first sale' },
          },
          409,
        ),
      ],
      { ...BUSINESS, currencyLocked: true },
    );
    expect(await screen.findByTestId('currency-locked')).toHaveTextContent('USD');
    expect(screen.queryByRole('combobox', { name: /^Currency/ })).toBeNull();
    expect(screen.getByText('Fixed: your business has sales in this currency.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The currency cannot change after your first sale.')).toBeInTheDocument();
  });

  it('the logo: a file over 1 MB, not an image or past 4096 x 4096 is refused here; a PNG is uploaded and shown', async () => {
    const user = userEvent.setup();
    const withLogo: Business = {
      ...BUSINESS,
      logo: { url: '/api/backoffice/company/logo?v=abc', contentType: 'image/png', size: 12, updatedAt: 1 },
    };
    const { calls } = await renderInfo([on('PUT', '/api/backoffice/business/logo', withLogo)]);
    const input = await screen.findByLabelText('Upload logo');

    await user.upload(input, new File([new Uint8Array(1_048_577)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is larger than 1 MB: choose a smaller image.')).toBeInTheDocument();
    // SVG is refused whatever its name claims.
    await user.upload(input, new File([SVG], 'logo.png', { type: 'image/png' }));
    expect(
      await screen.findByText('This file is not a PNG, JPEG or WebP image (SVG is not accepted).'),
    ).toBeInTheDocument();
    // A header claiming 16000 x 16000 pixels: refused before any upload (and the page never decodes it).
    await user.upload(input, new File([pngHeader(16_000, 16_000)], 'huge.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'This image is too large in pixels: at most 4096 x 4096 and 16 megapixels. Scale it down and try again.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/backoffice/business/logo')).toBe(false);

    await user.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/backoffice/business/logo')).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url === '/api/backoffice/business/logo')!.data));
    expect(sent).toEqual({ image: btoa(String.fromCharCode(...PNG)) });
    expect(await screen.findByText('Logo saved.')).toBeInTheDocument();
    const preview = screen.getByTestId('receipt-preview');
    expect(within(preview).getByRole('img', { name: 'Corner Market logo' })).toHaveAttribute(
      'src',
      '/api/backoffice/company/logo?v=abc',
    );
    expect(screen.getByLabelText('Replace logo')).toBeInTheDocument();
  });

  it('removing the logo asks first', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInfo([on('DELETE', '/api/backoffice/business/logo', null, 204)], {
      ...BUSINESS,
      logo: { url: '/api/backoffice/company/logo?v=abc', contentType: 'image/png', size: 12, updatedAt: 1 },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the logo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'delete')).toBe(true));
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
  });

  it('reads naturally in Spanish', async () => {
    await renderInfo([], BUSINESS, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Información general' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nombre comercial/ })).toHaveValue('Corner Market');
    expect(screen.getByRole('combobox', { name: /^País/ })).toHaveDisplayValue('Estados Unidos');
    expect(screen.getByText('Vista previa del ticket')).toBeInTheDocument();
  });
});
