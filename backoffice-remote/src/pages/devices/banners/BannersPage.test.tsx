import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Banner, BannerList } from '@hive/shared/schemas/backoffice/devices';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const NOW = new Date(2027, 2, 1, 12, 0).getTime();
const LOCATIONS = [
  { id: 1, name: 'Main Street', active: true },
  { id: 2, name: 'Station kiosk', active: true },
];
const banner = (id: number, title: string, extra: Partial<Banner> = {}): Banner => ({
  id,
  kind: 'kiosk',
  title,
  imageUrl: `/api/backoffice/kiosk_banners/${id}/image?v=abc${id}`,
  contentType: 'image/png',
  size: 20_480,
  activeFrom: null,
  activeUntil: null,
  allLocations: true,
  locationIds: [],
  locationNames: [],
  position: id,
  state: 'active',
  updatedAt: NOW,
  ...extra,
});
const BREAD = banner(1, 'Fresh bread every morning', {
  activeFrom: NOW + 86_400_000,
  state: 'scheduled',
  allLocations: false,
  locationIds: [1],
  locationNames: ['Main Street'],
});
const COFFEE = banner(2, 'Two coffees for 3.00');
const SALE = banner(3, 'Summer sale', { activeUntil: NOW - 1000, state: 'ended', contentType: 'image/webp' });

// A PNG's signature and header (1280 x 720) are enough for the browser-side check (the server checks again).
const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 5, 0, 0, 0, 2, 208, 8, 2, 0, 0, 0,
]);
const pngFile = (name = 'promo.png') => new File([PNG_BYTES], name, { type: 'image/png' });
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

const listRoute =
  (endpoint: string, answer: () => Banner[]): FakeRoute =>
  (config) =>
    config.method === 'get' && config.url === `/api/backoffice/${endpoint}`
      ? { data: { rows: answer(), serverTime: NOW } satisfies BannerList }
      : undefined;

async function renderKiosk(
  path = '/kioske_banner',
  routes: FakeRoute[] = [],
  rows = [BREAD, COFFEE, SALE],
  language: 'en' | 'es' = 'en',
) {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      listRoute('kiosk_banners', () => rows),
      on('GET', '/api/backoffice/kiosk_banners/options', { locations: LOCATIONS }),
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;
const item = (title: string) => screen.getByRole('listitem', { name: title });
const preview = () => screen.getByRole('complementary', { name: 'Preview' });
const sent = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)!.data));

describe('Devices › Kiosk banners', () => {
  it('lists the banners in the order the kiosks show them, with their window, locations and state', async () => {
    await renderKiosk();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiosk banners' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual(['Home', 'Devices', 'Kiosk banners']);
    const list = await screen.findByRole('list', { name: 'Banners, in the order the devices show them' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Fresh bread every morning', 'Two coffees for 3.00', 'Summer sale']);
    expect(item('Fresh bread every morning')).toHaveTextContent('Scheduled');
    expect(item('Fresh bread every morning')).toHaveTextContent(/ShownFrom /);
    expect(item('Fresh bread every morning')).toHaveTextContent('LocationsMain Street');
    expect(item('Two coffees for 3.00')).toHaveTextContent('Shown now');
    expect(item('Two coffees for 3.00')).toHaveTextContent('ShownAlways');
    expect(item('Two coffees for 3.00')).toHaveTextContent('LocationsAll locations');
    expect(item('Two coffees for 3.00')).toHaveTextContent('PNG, 20 KB');
    expect(item('Summer sale')).toHaveTextContent('Ended');
    expect(within(list).getByRole('button', { name: 'Move Fresh bread every morning up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move Summer sale down' })).toBeDisabled();
  });

  it('previews a banner as a kiosk shows it, portrait or landscape, and walks through them in order', async () => {
    const user = userEvent.setup();
    await renderKiosk();
    await screen.findByRole('list', { name: /Banners/ });
    // The first banner shown now comes first.
    const shown = within(preview()).getByRole('img', { name: 'Two coffees for 3.00' });
    expect(shown).toHaveAttribute('src', COFFEE.imageUrl);
    expect(within(preview()).getByRole('figure')).toHaveAccessibleName('As the kiosk shows it: Portrait');
    expect(within(preview()).getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Two coffees for 3.00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(preview()).getByRole('radio', { name: 'Landscape' }));
    expect(within(preview()).getByRole('figure')).toHaveAccessibleName('As the kiosk shows it: Landscape');
    await user.click(within(preview()).getByRole('button', { name: 'Next banner' }));
    expect(within(preview()).getByRole('img', { name: 'Summer sale' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview Fresh bread every morning' }));
    expect(within(preview()).getByRole('img', { name: 'Fresh bread every morning' })).toBeInTheDocument();
    expect(within(preview()).getByText('1 of 3')).toBeInTheDocument();
  });

  it('moves a banner down: the new order is saved at once and announced', async () => {
    const user = userEvent.setup();
    const { calls } = await renderKiosk('/kioske_banner', [
      on('POST', '/api/backoffice/kiosk_banners/reorder', {
        rows: [COFFEE, BREAD, SALE].map((b, i) => ({ ...b, position: i + 1 })),
        serverTime: NOW,
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Move Fresh bread every morning down' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/backoffice/kiosk_banners/reorder')).toBe(true));
    expect(sent(calls, 'post', '/api/backoffice/kiosk_banners/reorder')).toEqual({ ids: [2, 1, 3] });
    const list = screen.getByRole('list', { name: /Banners/ });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Two coffees for 3.00', 'Fresh bread every morning', 'Summer sale']);
    expect(await screen.findByText('Fresh bread every morning is now number 2 of 3.')).toBeInTheDocument();
  });

  it('new banner: per-field messages, a file that is not an image is refused and nothing is kept', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = await renderKiosk('/kioske_banner?edit=new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New kiosk banner' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose an image.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(/This field is required\.$/);

    const file = screen.getByLabelText('Choose image');
    await user.upload(file, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }));
    expect(
      await screen.findByText('This file is not a PNG, JPEG or WebP image (SVG is not accepted).'),
    ).toBeInTheDocument();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(within(preview()).queryByRole('img')).not.toBeInTheDocument();
    expect(within(preview()).getByText('Choose an image to see it here')).toBeInTheDocument();
    await user.upload(file, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is larger than 2 MB: choose a smaller image.')).toBeInTheDocument();
    // 100000 x 100000 in the header of a tiny file: refused by its pixels.
    const huge = PNG_BYTES.slice();
    new DataView(huge.buffer).setUint32(16, 100_000);
    new DataView(huge.buffer).setUint32(20, 100_000);
    await user.upload(file, new File([huge], 'huge.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'This image is too large in pixels: at most 4096 x 4096 and 16 megapixels. Scale it down and try again.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('new banner: the chosen image previews at once; the window and the locations are checked; the server gets it all', async () => {
    const user = userEvent.setup();
    const created = banner(4, 'Spring menu');
    const { calls } = await renderKiosk('/kioske_banner?edit=new', [
      on('POST', '/api/backoffice/kiosk_banners', created, 201),
    ]);
    await user.upload(await screen.findByLabelText('Choose image'), pngFile());
    expect(await screen.findByText('promo.png')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Spring menu');
    const shown = within(preview()).getByRole('img', { name: 'Spring menu' });
    expect(shown.getAttribute('src')).toBe(`data:image/png;base64,${base64(PNG_BYTES)}`);
    expect(screen.getByLabelText('Replace image')).toHaveAttribute('type', 'file');

    await user.type(screen.getByLabelText('Show from'), '2027-04-01T09:00');
    await user.type(screen.getByLabelText('Show until'), '2027-03-01T09:00');
    await user.click(screen.getByRole('checkbox', { name: /^All locations/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Show until” must be after “Show from”.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one location, or all of them.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.clear(screen.getByLabelText('Show until'));
    await user.type(screen.getByLabelText('Show until'), '2027-04-30T18:00');
    await user.click(screen.getByRole('checkbox', { name: 'Station kiosk' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(sent(calls, 'post', '/api/backoffice/kiosk_banners')).toEqual({
      title: 'Spring menu',
      activeFrom: new Date(2027, 3, 1, 9, 0).getTime(),
      activeUntil: new Date(2027, 3, 30, 18, 0).getTime(),
      allLocations: false,
      locationIds: [2],
      image: base64(PNG_BYTES),
    });
    expect(await screen.findByText('“Spring menu” was added.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/kioske_banner'));
  });

  it('shows the server’s own message on the image field when it refuses the image', async () => {
    const user = userEvent.setup();
    await renderKiosk('/kioske_banner?edit=new', [
      on(
        'POST',
        '/api/backoffice/kiosk_banners',
        {
          error: 'validation_error',
          message: 'image: use a PNG, JPEG or WebP image',
          fields: { image: 'use a PNG, JPEG or WebP image (SVG and other files are not accepted)' },
        },
        400,
      ),
    ]);
    await user.upload(await screen.findByLabelText('Choose image'), pngFile());
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Broken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('use a PNG, JPEG or WebP image (SVG and other files are not accepted)');
    expect(screen.getByLabelText('Replace image')).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent!),
    );
    expect(location()).toBe('/kioske_banner?edit=new');
  });

  it('edits a banner and keeps its image when no new one is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = await renderKiosk('/kioske_banner?edit=1', [
      on('GET', '/api/backoffice/kiosk_banners/1', BREAD),
      on('PUT', '/api/backoffice/kiosk_banners/1', { ...BREAD, title: 'Fresh bread daily' }),
    ]);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Fresh bread every morning');
    expect(screen.getByRole('checkbox', { name: 'Main Street' })).toBeChecked();
    expect(within(preview()).getByRole('img')).toHaveAttribute('src', BREAD.imageUrl);
    await user.clear(title);
    await user.type(title, 'Fresh bread daily');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const body = sent(calls, 'put', '/api/backoffice/kiosk_banners/1');
    expect(body).not.toHaveProperty('image');
    expect(body).toMatchObject({ title: 'Fresh bread daily', allLocations: false, locationIds: [1] });
  });

  it('deletes a banner after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = await renderKiosk('/kioske_banner', [on('DELETE', '/api/backoffice/kiosk_banners/3', null, 204)]);
    await user.click(await screen.findByRole('button', { name: 'Delete Summer sale' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this banner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Summer sale' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Summer sale” was deleted.')).toBeInTheDocument();
  });

  it('an empty page says what to add', async () => {
    await renderKiosk('/kioske_banner', [], []);
    expect(await screen.findByRole('heading', { name: 'No kiosk banners yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New kiosk banner' });
    expect(links.at(-1)).toHaveAttribute('href', '/kioske_banner?edit=new');
  });

  it('reads naturally in Spanish', async () => {
    await renderKiosk('/kioske_banner', [], [COFFEE], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banners del quiosco' })).toBeInTheDocument();
    expect(await screen.findByText('Se muestra ahora')).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Vista previa' });
    expect(within(aside).getByRole('radio', { name: 'Vertical' })).toBeChecked();
  });
});

describe('Devices › Customer display banners', () => {
  it('the same page for the customer display: its own texts and API, previewed between sales and during one', async () => {
    const user = userEvent.setup();
    const happy = {
      ...banner(7, 'Happy hour 17:00-19:00'),
      kind: 'customer_display' as const,
      imageUrl: '/api/backoffice/customer_display_banners/7/image?v=1',
    };
    await renderInShell(<App />, {
      path: '/customer_display_banner',
      routes: [
        listRoute('customer_display_banners', () => [happy]),
        on('GET', '/api/backoffice/customer_display_banners/options', { locations: LOCATIONS }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer display banners' })).toBeInTheDocument();
    await screen.findByRole('listitem', { name: 'Happy hour 17:00-19:00' });
    expect(within(preview()).getByRole('figure')).toHaveAccessibleName(
      'As the customer display shows it: Between sales',
    );
    expect(within(preview()).queryByText('Your order')).not.toBeInTheDocument();
    await user.click(within(preview()).getByRole('radio', { name: 'During a sale' }));
    expect(within(preview()).getByText('Your order')).toBeInTheDocument();
    expect(within(preview()).getByRole('img', { name: 'Happy hour 17:00-19:00' })).toHaveAttribute(
      'src',
      happy.imageUrl,
    );
    expect(screen.getAllByRole('link', { name: 'New customer display banner' })[0]).toHaveAttribute(
      'href',
      '/customer_display_banner?edit=new',
    );
  });
});
