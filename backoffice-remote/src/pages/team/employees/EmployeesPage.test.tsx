import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Employee, EmployeeOptions } from '@hive/shared/schemas/backoffice/team';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const employee = (id: number, name: string, extra: Partial<Employee> = {}): Employee => ({
  id,
  name,
  email: '',
  phone: '',
  positionId: 1,
  positionName: 'Cashier',
  positionColor: '#2563eb',
  hourlyRateCents: null,
  effectiveHourlyRateCents: 1550,
  role: 'user',
  allLocations: true,
  locationIds: [],
  active: true,
  pinUpdatedAt: 0,
  pinUpdatedBy: null,
  backOffice: null,
  hasHistory: false,
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});
const ANA = employee(1, 'Ana Ruiz', { email: 'ana@example.test', hasHistory: true });
const MARIA = employee(2, 'Maria Lopez', {
  email: 'manager@cornermarket.test',
  role: 'manager',
  backOffice: { userId: 7, email: 'manager@cornermarket.test', role: 'manager', status: 'active' },
});
const LEO = employee(4, 'Leo Park', {
  email: 'leo@example.test',
  backOffice: { userId: 8, email: 'leo@example.test', role: 'user', status: 'invited' },
});
const OPTIONS: EmployeeOptions = {
  locations: [
    { id: 1, name: 'Main Street', active: true },
    { id: 2, name: 'Harbour', active: true },
  ] as EmployeeOptions['locations'],
  positions: [{ id: 1, name: 'Cashier', color: '#2563eb', hourlyRateCents: 1550 }],
  assignableRoles: ['admin', 'manager', 'user'],
};

function renderEmployees(path = '/employees', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/team/employees/options', OPTIONS),
      on('GET', '/api/backoffice/team/employees/1', ANA),
      on('GET', '/api/backoffice/team/employees/2', MARIA),
      on('GET', '/api/backoffice/team/employees', { rows: [ANA, MARIA, LEO], total: 3, page: 1, pageSize: 25 }),
    ],
  });
}

describe('Team › Employees', () => {
  it('lists employees with position, role and access, rate; Show filters by status on the server', async () => {
    const user = userEvent.setup();
    const { calls } = await renderEmployees();
    expect(await screen.findByRole('heading', { level: 1, name: 'Employees' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Employees' });
    const maria = await within(table).findByRole('row', { name: /Maria Lopez/ });
    expect(maria).toHaveTextContent('Manager');
    expect(maria).toHaveTextContent('Back-office');
    expect(maria).toHaveTextContent('$15.50');
    expect(within(table).getByRole('row', { name: /Leo Park/ })).toHaveTextContent('Invited');
    // Ana has sales: no Delete (make her inactive instead).
    expect(within(table).queryByRole('button', { name: 'Delete Ana Ruiz' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Maria Lopez' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'inactive');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'get' && (c.params as { status?: string })?.status === 'inactive')).toBe(
        true,
      ),
    );
  });

  it('new employee: locations when not everywhere, the rate in cents, and the PIN shown once', async () => {
    const user = userEvent.setup();
    const { calls } = await renderEmployees('/employees?edit=new', [
      on('POST', '/api/backoffice/team/employees', {
        employee: employee(3, 'Leo Park'),
        pin: '482913',
      }),
    ]);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Leo Park');
    await user.type(screen.getByRole('textbox', { name: /^Hourly rate/ }), '17.25');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Position/ }), 'Cashier');
    // Nobody chooses a PIN: the form has no field for it and says one is made up.
    expect(screen.queryByRole('textbox', { name: /PIN/ })).not.toBeInTheDocument();
    expect(screen.getByText('A register PIN is made up when you save, and shown to you once.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Works at every location' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('group', { name: 'Locations' })).toHaveAccessibleDescription(
      /Choose at least one location, or all of them\./,
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Harbour' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'PIN of Leo Park' });
    expect(within(reveal).getByText('482913')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      name: 'Leo Park',
      positionId: 1,
      hourlyRateCents: 1725,
      allLocations: false,
      locationIds: [2],
      role: 'user',
      active: true,
    });
    await user.click(within(reveal).getByRole('button', { name: 'I have noted it' }));
    expect(await screen.findByText('Employee “Leo Park” was added.')).toBeInTheDocument();
  });

  it('a new PIN is made up by the server (confirmed first, nothing typed) and shown once; a refusal reads as a sentence', async () => {
    const user = userEvent.setup();
    const pinCalls: unknown[] = [];
    await renderEmployees('/employees?edit=1', [
      (config) => {
        if (config.url === '/api/backoffice/team/employees/1' && config.method === 'get') {
          return { data: { ...ANA, pinUpdatedAt: Date.UTC(2026, 10, 2, 9), pinUpdatedBy: 'owner@cornermarket.test' } };
        }
        if (config.method !== 'post' || config.url !== '/api/backoffice/team/employees/1/pin') return undefined;
        pinCalls.push(JSON.parse(String(config.data)));
        return pinCalls.length === 1
          ? {
              status: 429,
              data: {
                error: 'too_many_requests',
                message: 'Too many PIN changes from this account. Try again in 12 minutes.',
                retryAfter: 700,
              },
            }
          : { data: { employee: ANA, pin: '5521' } };
      },
    ]);
    expect(await screen.findByText(/^Last set on .* by owner@cornermarket\.test\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set a new PIN' }));
    const dialog = screen.getByRole('alertdialog', { name: 'New PIN for Ana Ruiz' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(pinCalls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Set a new PIN' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make up a new PIN' }));
    expect(await screen.findByText('You have done this too often. Try again in 12 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set a new PIN' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make up a new PIN' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'PIN of Ana Ruiz' });
    expect(within(reveal).getByText('5521')).toBeInTheDocument();
    expect(pinCalls).toEqual([{}, {}]);
  });

  it('invites to the back-office with a role, and revokes access (confirmed); refusals read as sentences', async () => {
    const user = userEvent.setup();
    const { calls } = await renderEmployees('/employees?edit=1', [
      on('POST', '/api/backoffice/team/employees/1/invite', {
        ...ANA,
        backOffice: { userId: 9, email: 'ana@example.test', role: 'manager', status: 'invited' },
      }),
    ]);
    const access = await screen.findByRole('region', { name: 'Back-office access' });
    await user.selectOptions(within(access).getByRole('combobox', { name: 'Role in the back-office' }), 'manager');
    await user.click(within(access).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ana@example.test.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.url?.endsWith('/invite'))!.data))).toEqual({ role: 'manager' });
  });

  it('revoking one’s own access is refused with a clear sentence', async () => {
    const user = userEvent.setup();
    await renderEmployees('/employees?edit=2', [
      on('POST', '/api/backoffice/team/employees/2/revoke', { error: 'own_account', message: 'x' }, 409),
    ]);
    const access = await screen.findByRole('region', { name: 'Back-office access' });
    expect(access).toHaveTextContent('Signs in as Manager with manager@cornermarket.test.');
    await user.click(within(access).getByRole('button', { name: 'Revoke access' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke the back-office access of Maria Lopez?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke access' }));
    expect(
      await within(access).findByText('You cannot change your own role, access or active state. Ask another admin.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'Send invitation', 'Hive POS support locked this account: ask them to unlock it, then invite it again.'],
    [
      'es',
      'Enviar invitación',
      'El soporte de Hive POS bloqueó esta cuenta: pídeles que la desbloqueen y vuelve a invitarla.',
    ],
  ] as const)('an account locked by support: the refusal says whom to ask (%s)', async (language, invite, sentence) => {
    const user = userEvent.setup();
    await renderEmployees(
      '/employees?edit=1',
      [on('POST', '/api/backoffice/team/employees/1/invite', { error: 'locked_by_support', message: 'x' }, 409)],
      language,
    );
    await user.click(await screen.findByRole('button', { name: invite }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('Reset all PINs: confirmed first (Cancel sends nothing), then every new PIN shown once', async () => {
    const user = userEvent.setup();
    const { calls } = await renderEmployees('/employees', [
      on('POST', '/api/backoffice/team/employees/pins/reset', {
        pins: [
          { employeeId: 1, name: 'Ana Ruiz', pin: '4821' },
          { employeeId: 2, name: 'Maria Lopez', pin: '9307' },
        ],
      }),
    ]);
    const resets = () => calls.filter((c) => c.url?.endsWith('/pins/reset'));
    await user.click(await screen.findByRole('button', { name: 'Reset all PINs' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Give every active employee a new PIN?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(resets()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset all PINs' }));
    const again = screen.getByRole('alertdialog', { name: 'Give every active employee a new PIN?' });
    await user.click(within(again).getByRole('button', { name: 'Reset all PINs' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'New PINs' });
    expect(within(reveal).getByText('Ana Ruiz').closest('li')).toHaveTextContent('4821');
    expect(within(reveal).getByText('Maria Lopez').closest('li')).toHaveTextContent('9307');
    expect(resets()).toHaveLength(1);
    expect(JSON.parse(String(resets()[0]!.data))).toEqual({ employeeIds: 'all' });
    await user.click(within(reveal).getByRole('button', { name: 'I have noted them' }));
    expect(screen.queryByRole('alertdialog', { name: 'New PINs' })).toBeNull();
  });

  it('Reset all PINs by someone who is not an admin: the reason, in Spanish too', async () => {
    const user = userEvent.setup();
    await renderEmployees(
      '/employees',
      [on('POST', '/api/backoffice/team/employees/pins/reset', { error: 'pin_reset_admin_only', message: 'x' }, 409)],
      'es',
    );
    await user.click(await screen.findByRole('button', { name: 'Restablecer todos los PIN' }));
    const confirm = screen.getByRole('alertdialog', { name: '¿Dar un PIN nuevo a cada empleado activo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restablecer todos los PIN' }));
    expect(await screen.findByText('Solo un administrador puede restablecer los PIN de todos.')).toBeInTheDocument();
  });

  it('reads naturally in Spanish', async () => {
    await renderEmployees('/employees', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empleados' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Maria Lopez/ })).toHaveTextContent('Gerente');
    expect(screen.getByRole('combobox', { name: 'Mostrar' })).toBeInTheDocument();
  });
});
