import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { PriceLevel } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const level = (id: number, name: string, extra: Partial<PriceLevel> = {}): PriceLevel => ({
  id,
  name,
  active: true,
  scheduled: false,
  days: [],
  startTime: '',
  endTime: '',
  allLocations: true,
  locationIds: [],
  locationNames: [],
  itemPriceCount: 0,
  updatedAt: 0,
  ...extra,
});
const page = (rows: PriceLevel[]): ListResponse<PriceLevel> => ({ rows, total: rows.length, page: 1, pageSize: 20 });
const OPTIONS = {
  locations: [
    { id: 1, name: 'Main Street', active: true },
    { id: 2, name: 'Station kiosk', active: false },
  ],
};

async function renderLevels(path = '/price_hives', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on(
        'GET',
        '/api/backoffice/price_levels',
        page([
          level(1, 'Happy hour', { scheduled: true, days: [1, 2, 3, 4, 5], startTime: '17:00', endTime: '19:00' }),
          level(2, 'Wholesale', {
            allLocations: false,
            locationIds: [1],
            locationNames: ['Main Street'],
            itemPriceCount: 4,
          }),
        ]),
      ),
      on('GET', '/api/backoffice/price_levels/options', OPTIONS),
    ],
  });
}

describe('Settings › Price levels', () => {
  it('lists levels with their schedule in words and where they apply', async () => {
    await renderLevels();
    const table = await screen.findByRole('table', { name: 'Price levels' });
    expect(await within(table).findByRole('row', { name: /Happy hour/ })).toHaveTextContent('Mon–Fri 17:00–19:00');
    expect(within(table).getByRole('row', { name: /Happy hour/ })).toHaveTextContent('All locations');
    const wholesale = within(table).getByRole('row', { name: /Wholesale/ });
    expect(wholesale).toHaveTextContent('Whenever chosen');
    expect(wholesale).toHaveTextContent('Main Street');
  });

  it('a schedule needs days and two different times; chosen locations need at least one', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLevels('/price_hives?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Late night');
    await user.click(screen.getByRole('checkbox', { name: 'Only on certain days and hours' }));
    const days = screen.getByRole('group', { name: 'Days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(within(days).getByRole('checkbox', { name: day }));
    }
    const from = screen.getByLabelText(/^From/);
    const until = screen.getByLabelText(/^Until/);
    await user.clear(until);
    await user.type(until, '17:00');
    await user.click(screen.getByRole('checkbox', { name: 'At every location' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(days).toHaveAccessibleDescription('Choose at least one day.');
    expect(until).toHaveAccessibleDescription(/The end must differ from the start\.$/);
    expect(from).toHaveValue('17:00');
    expect(screen.getByRole('group', { name: 'Choose the locations' })).toHaveAccessibleDescription(
      'Choose at least one location, or all of them.',
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('saves a schedule that runs past midnight at the chosen locations', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLevels('/price_hives?edit=new', [
      on('POST', '/api/backoffice/price_levels', level(3, 'Late night'), 201),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Late night');
    await user.click(screen.getByRole('checkbox', { name: 'Only on certain days and hours' }));
    const days = screen.getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    const from = screen.getByLabelText(/^From/);
    const until = screen.getByLabelText(/^Until/);
    await user.clear(from);
    await user.type(from, '22:00');
    await user.clear(until);
    await user.type(until, '02:00');
    await user.click(screen.getByRole('checkbox', { name: 'At every location' }));
    await user.click(screen.getByRole('checkbox', { name: 'Station kiosk (inactive)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Late night',
      active: true,
      scheduled: true,
      days: [2, 3, 4, 5, 6],
      startTime: '22:00',
      endTime: '02:00',
      allLocations: false,
      locationIds: [2],
    });
  });
});
