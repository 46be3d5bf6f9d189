import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { Location } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const location = (id: number, name: string, extra: Partial<Location> = {}): Location => ({
  id,
  name,
  address: {
    line1: '12 Main Street',
    line2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  timezone: 'America/Chicago',
  phone: '+1 217 555 0142',
  active: true,
  updatedAt: 0,
  ...extra,
});
const page = (rows: Location[]): ListResponse<Location> => ({ rows, total: rows.length, page: 1, pageSize: 20 });

async function renderLocations(path = '/location', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on(
        'GET',
        '/api/backoffice/locations',
        page([location(1, 'Main Street'), location(2, 'Station kiosk', { active: false })]),
      ),
    ],
  });
}

const body = (calls: { method?: string; data?: unknown }[], method: string) =>
  JSON.parse(String(calls.find((c) => c.method === method)!.data));

describe('Settings › Locations', () => {
  it('lists the locations with the city, time zone and status, under its breadcrumb', async () => {
    await renderLocations();
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual([
      'Home',
      'Settings',
      'Business',
      'Locations',
    ]);
    const table = await screen.findByRole('table', { name: 'Locations' });
    const row = within(table).getByRole('row', { name: /Main Street/ });
    expect(row).toHaveTextContent('Springfield, United States');
    expect(row).toHaveTextContent('America/Chicago');
    expect(within(table).getByRole('row', { name: /Station kiosk/ })).toHaveTextContent('Inactive');
  });

  it('new location: per-field messages for bad input and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLocations('/location?edit=new');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(/This field is required\.$/);
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription(
      'Enter a phone number: digits, spaces and + ( ) - only.',
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('new location: starts in the business time zone and sends the address as one object', async () => {
    const user = userEvent.setup();
    const created = location(3, 'Airport');
    const { calls } = await renderLocations('/location?edit=new', [
      on('POST', '/api/backoffice/locations', created, 201),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Airport');
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Chicago');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(body(calls, 'post')).toEqual({
      name: 'Airport',
      address: { line1: '', line2: '', city: 'Chicago', region: '', postalCode: '', country: 'US' },
      timezone: 'America/Chicago',
      phone: '',
      active: true,
    });
    expect(await screen.findByText('“Airport” was added.')).toBeInTheDocument();
  });

  it('shows the server’s refusals: a taken name on the field, the last active location on the form', async () => {
    const user = userEvent.setup();
    await renderLocations('/location?edit=1', [
      on('GET', '/api/backoffice/locations/1', location(1, 'Main Street')),
      on(
        'PUT',
        '/api/backoffice/locations/1',
        { error: 'last_active_location', message: 'A company needs at least one active location.' },
        409,
      ),
    ]);
    const active = await screen.findByRole('checkbox', { name: /^Active/ });
    await user.click(active);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This is your only active location: add or activate another one first.'),
    ).toBeInTheDocument();
  });

  it('a taken name shows on the name field', async () => {
    const user = userEvent.setup();
    await renderLocations('/location?edit=new', [
      on(
        'POST',
        '/api/backoffice/locations',
        { error: 'conflict', message: 'name: taken', fields: { name: 'another location already has this name' } },
        409,
      ),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Main Street');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another location already has this name.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('deleting the last active location is refused with the reason', async () => {
    const user = userEvent.setup();
    await renderLocations('/location', [
      on(
        'DELETE',
        '/api/backoffice/locations/1',
        { error: 'last_active_location', message: 'A company needs at least one active location.' },
        409,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete Main Street' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This is your only active location: add or activate another one first.'),
    ).toBeInTheDocument();
  });

  it('reads naturally in Spanish', async () => {
    const user = userEvent.setup();
    await renderLocations('/location?edit=new', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva ubicación' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'País' })).toHaveDisplayValue('Elige un país');
  });
});
