import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Position } from '@hive/shared/schemas/backoffice/team';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const position = (id: number, name: string, extra: Partial<Position> = {}): Position => ({
  id,
  name,
  hourlyRateCents: 1500,
  color: '#2563eb',
  employeeCount: 0,
  updatedAt: 0,
  ...extra,
});
const ROWS = [position(1, 'Cashier', { hourlyRateCents: 1550, employeeCount: 3 }), position(2, 'Cook')];

function renderPositions(path = '/positions', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/team/positions', { rows: ROWS, total: ROWS.length, page: 1, pageSize: 25 }),
      on('GET', '/api/backoffice/team/positions/1', ROWS[0]),
    ],
  });
}

describe('Team › Positions', () => {
  it('lists positions with their default hourly rate and how many employees hold them', async () => {
    await renderPositions();
    expect(await screen.findByRole('heading', { level: 1, name: 'Positions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Positions' });
    const cashier = await within(table).findByRole('row', { name: /Cashier/ });
    expect(cashier).toHaveTextContent('$15.50');
    expect(cashier).toHaveTextContent('3');
    expect(screen.queryByText(/not available yet/i)).toBeNull();
  });

  it('a position employees hold is not deleted: the refusal says how many and what to do', async () => {
    const user = userEvent.setup();
    await renderPositions('/positions', [
      on('DELETE', '/api/backoffice/team/positions/1', { error: 'position_in_use', message: 'x', count: 3 }, 409),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete Cashier' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this position?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('3 employees hold this position: give them another one first.')).toBeInTheDocument();
  });

  it('new position: the rate in the currency is sent in cents; a bad colour and a taken name are refused', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPositions('/positions?edit=new', [
      on(
        'POST',
        '/api/backoffice/team/positions',
        { error: 'conflict', message: 'name', fields: { name: 'another position already has this name' } },
        409,
      ),
    ]);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(/This field is required\./);
    await user.type(name, 'Server');
    await user.type(screen.getByRole('textbox', { name: /^Default hourly rate/ }), '12.5');
    const color = screen.getByRole('textbox', { name: /^Colour/ });
    await user.clear(color);
    await user.type(color, 'red');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(color).toHaveAccessibleDescription(/Enter a colour like #1f2937\./);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(color);
    await user.type(color, '#10b981');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another position already has this name.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Server',
      hourlyRateCents: 1250,
      color: '#10b981',
    });
  });

  it('reads naturally in Spanish', async () => {
    await renderPositions('/positions', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Puestos' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Cashier/ })).toBeInTheDocument();
  });
});
