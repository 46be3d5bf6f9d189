import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { RELEASE_FIELD_MESSAGES } from '@hive/shared/schemas/releases';
import App from '../../App';
import { fakeHttp, renderAdmin, staffUser } from '../../testing/renderAdmin.testutil';
import en from '../../../public/locales/en/login.json';
import es from '../../../public/locales/es/login.json';
import { answer, emptyAnswer, orderingCanary } from './fixtures.testutil';

const me = (rights: string[]) => ({
  status: 200,
  data: {
    user: { id: 1, email: 'super@hive.test', role: 'super_admin', roleLabel: 'Super admin' },
    permissions: ['view_releases_menu'],
    rights,
  },
});

type Reply = { status: number; data?: unknown };

/** The page against a fake server: GET answers `list`, each POST answers `post(url, body)`. */
function setup({
  rights = ['releases.write'],
  list = () => ({ status: 200, data: answer }),
  post = () => ({ status: 200, data: orderingCanary }),
  lng = 'en',
}: {
  rights?: string[];
  list?: () => Reply;
  post?: (url: string, body: unknown) => Reply;
  lng?: string;
} = {}) {
  const fake = fakeHttp((config: InternalAxiosRequestConfig) => {
    if (config.url === '/api/admin/me') return me(rights);
    if (config.method === 'post') return post(config.url!, JSON.parse((config.data as string) || '{}'));
    if (config.url === '/api/admin/releases') return list();
    return { status: 404, data: {} };
  });
  renderAdmin(<App />, {
    path: '/admin/releases',
    user: staffUser('super_admin', ['releases'], 'super@hive.test'),
    http: fake.http,
    lng,
  });
  const posts = () =>
    fake.calls.filter((c) => c.method === 'post').map((c) => ({ url: c.url, body: JSON.parse(c.data as string) }));
  const loads = () => fake.calls.filter((c) => c.url === '/api/admin/releases').length;
  return { ...fake, posts, loads };
}

const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('the releases page', () => {
  it('shows per remote the active release and the canary, their health side by side, and the history', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Releases', level: 1 })).toBeInTheDocument();
    await section('Online ordering');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Back-office', 'Admin console', 'Online ordering']);

    const ordering = within(await section('Online ordering'));
    const active = ordering.getByRole('article', { name: 'Active release: 2026.12.01-aaa111' });
    expect(
      within(active).getByText('https://cdn.example.com/ordering/2026.12.01-aaa111/mf-manifest.json'),
    ).toBeInTheDocument();
    expect(within(active).getByText('^1.0.0')).toBeInTheDocument();
    expect(within(active).getByText('dev@hive.test')).toBeInTheDocument();
    expect(within(active).getByText(/Dec 1, 2026/)).toBeInTheDocument();
    const canary = ordering.getByRole('article', { name: 'Canary: 2026.12.02-bbb222' });
    expect(within(canary).getByText('30%')).toBeInTheDocument();
    expect(within(canary).getByText('cornermarket')).toBeInTheDocument();
    expect(within(canary).getByText('deploy token ordering-ci')).toBeInTheDocument();

    // Health: each metric with both figures and a chart.
    const metrics = within(ordering.getByRole('list', { name: 'Health of Online ordering' }));
    const errorRate = within(metrics.getByRole('heading', { name: 'Error rate' }).closest('li')!);
    expect(errorRate.getByText('1.5%')).toBeInTheDocument();
    expect(errorRate.getByText('4%')).toBeInTheDocument();
    expect(errorRate.getByRole('img', { name: 'Error rate over time' })).toBeInTheDocument();
    const lcp = within(metrics.getByRole('heading', { name: 'LCP (p75)' }).closest('li')!);
    expect(lcp.getByText('1,850 ms')).toBeInTheDocument();
    expect(lcp.getByText('2,100 ms')).toBeInTheDocument();
    const sessions = within(metrics.getByRole('heading', { name: 'Sessions' }).closest('li')!);
    expect(sessions.getByText('1,200')).toBeInTheDocument();
    expect(ordering.getByText(/Solid line: active release; dashed line: canary\./)).toBeInTheDocument();

    // History: the automatic rollback with its reason and figures.
    expect(ordering.getByText('Rolled back automatically.')).toBeInTheDocument();
    expect(ordering.getAllByText(/Why: load failure rate 12% above the 5% limit/).length).toBeGreaterThan(0);
    expect(ordering.getByText('The figures that decided it:')).toBeInTheDocument();
    expect(ordering.getByText('Load failure rate', { selector: 'dt' })).toBeInTheDocument();
    expect(ordering.getByText('12%')).toBeInTheDocument();
    const limit = ordering.getByText('Load failure limit', { selector: 'dt' });
    expect(limit.nextElementSibling).toHaveTextContent('5%');
    expect(ordering.getByText('Error ratio limit', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(ordering.getAllByText(/by the server, automatically/)).toHaveLength(1);
    expect(ordering.getByText('Retired')).toBeInTheDocument();

    // The server's own build of the other remotes, without figures yet.
    const backoffice = within(await section('Back-office'));
    expect(backoffice.getByRole('article', { name: 'Active release: server-build' })).toBeInTheDocument();
    expect(backoffice.getByText('the server (its own build)')).toBeInTheDocument();
    expect(backoffice.getByText('No canary: every visitor gets the active release.')).toBeInTheDocument();
    expect(backoffice.getByText(/No figures yet/)).toBeInTheDocument();
  });

  it('says so when there is no release at all', async () => {
    setup({ list: () => ({ status: 200, data: emptyAnswer }) });
    expect(await screen.findByRole('heading', { name: 'No releases yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Online ordering' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and Try again loads it again', async () => {
    let fail = true;
    const { loads } = setup({ list: () => (fail ? { status: 500, data: {} } : { status: 200, data: answer }) });
    expect(await screen.findByText('Something went wrong on our side. Try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Online ordering' })).toBeInTheDocument();
    expect(loads()).toBe(2);
  });

  it('shows a loading state until the list answers', async () => {
    let answerNow: (reply: Reply) => void = () => undefined;
    setup({ list: () => new Promise<Reply>((resolve) => (answerNow = resolve)) as never });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    answerNow({ status: 200, data: answer });
    expect(await screen.findByRole('heading', { name: 'Online ordering' })).toBeInTheDocument();
  });

  it('promote asks first, then posts to the release and reloads', async () => {
    const user = userEvent.setup();
    const { posts, loads } = setup();
    const ordering = within(await section('Online ordering'));
    await user.click(ordering.getByRole('button', { name: 'Promote 2026.12.02-bbb222' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote 2026.12.02-bbb222?' });
    expect(dialog).toHaveTextContent('2026.12.01-aaa111 is retired');
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(posts()).toEqual([{ url: '/api/admin/releases/12/promote', body: {} }]));
    expect(
      await screen.findByText('2026.12.02-bbb222 is now the active release of Online ordering.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBe(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel leaves everything as it was', async () => {
    const user = userEvent.setup();
    const { posts } = setup();
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Roll back 2026.12.02-bbb222' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('roll back of the active release names the one that comes back and sends the reason', async () => {
    const user = userEvent.setup();
    const { posts } = setup({ post: () => ({ status: 200, data: {} }) });
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Roll back 2026.12.01-aaa111' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Roll back 2026.12.01-aaa111?' });
    expect(dialog).toHaveTextContent(
      'The previous release of Online ordering (2026.11.20-ccc333) becomes active again',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), 'Checkout button missing');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/admin/releases/11/rollback', body: { reason: 'Checkout button missing' } },
      ]),
    );
    expect(await screen.findByText('2026.12.01-aaa111 was rolled back.')).toBeInTheDocument();
  });

  it('changing the canary checks the form, asks to confirm, and posts the percent and the companies', async () => {
    const user = userEvent.setup();
    const { posts, loads } = setup();
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Change canary 2026.12.02-bbb222' }),
    );
    const form = screen.getByRole('dialog', { name: 'Canary of 2026.12.02-bbb222' });
    const percent = within(form).getByRole('textbox', { name: /Share of visitors/ });
    expect(percent).toHaveValue('30');
    const companies = within(form).getByRole('textbox', { name: 'Named companies' });
    expect(companies).toHaveValue('cornermarket');
    await user.clear(percent);
    await user.type(percent, '45');
    await user.type(companies, ', suncafe');
    await user.click(within(form).getByRole('button', { name: 'Review' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Apply the canary of 2026.12.02-bbb222?' });
    expect(confirm).toHaveTextContent(
      '45% of the visitors of Online ordering get this release on their next page load, and the users of cornermarket, suncafe always.',
    );
    expect(posts()).toEqual([]);
    // Back keeps what was typed.
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Share of visitors/ })).toHaveValue('45');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        { url: '/api/admin/releases/12/canary', body: { percent: 45, companies: ['cornermarket', 'suncafe'] } },
      ]),
    );
    expect(await screen.findByText('The canary of 2026.12.02-bbb222 is set.')).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBe(2));
  });

  it.each([
    ['150', 'Enter a whole percentage from 0 to 100.'],
    ['12.5', 'Enter a whole number.'],
    ['', 'Enter a whole percentage from 0 to 100.'],
    ['abc', 'Enter a number, like 1,234.56.'],
  ])('a share of "%s" is refused on its field', async (typed, message) => {
    const user = userEvent.setup();
    const { posts } = setup();
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Change canary 2026.12.02-bbb222' }),
    );
    const form = screen.getByRole('dialog');
    const percent = within(form).getByRole('textbox', { name: /Share of visitors/ });
    await user.clear(percent);
    if (typed) await user.type(percent, typed);
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(percent).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(percent).toBeInvalid();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('a company list that is not slugs is refused on its field; unknown slugs the server names there too', async () => {
    const user = userEvent.setup();
    const { posts } = setup({
      post: () => ({
        status: 400,
        data: {
          error: 'invalid_body',
          message: 'companies: no company has the slug nowhere',
          fields: { companies: 'no company has the slug nowhere' },
        },
      }),
    });
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Change canary 2026.12.02-bbb222' }),
    );
    const form = screen.getByRole('dialog');
    const companies = within(form).getByRole('textbox', { name: 'Named companies' });
    await user.clear(companies);
    await user.type(companies, 'Corner Market');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    await waitFor(() =>
      expect(companies).toHaveAccessibleDescription(
        expect.stringContaining('Use company slugs: lower-case letters, digits and dashes.'),
      ),
    );
    expect(posts()).toEqual([]);

    await user.clear(companies);
    await user.type(companies, 'nowhere');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply' }));
    const again = await screen.findByRole('textbox', { name: 'Named companies' });
    await waitFor(() =>
      expect(again).toHaveAccessibleDescription(expect.stringContaining('No company has the slug nowhere.')),
    );
    expect(posts()).toHaveLength(1);
  });

  it('a second canary is refused with the current one named', async () => {
    const user = userEvent.setup();
    const { posts, loads } = setup({
      post: () => ({
        status: 409,
        data: { error: 'canary_exists', message: 'ordering has a canary: 2026.12.02-bbb222 (id 12)' },
      }),
    });
    await user.click(
      within(await section('Online ordering')).getByRole('button', { name: 'Start canary 2026.12.02-eee555' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Review' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply' }));
    const alert = await within(await section('Online ordering')).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Online ordering already has a canary (2026.12.02-bbb222): promote it or roll it back first.',
    );
    expect(posts()).toEqual([{ url: '/api/admin/releases/13/canary', body: { percent: 10, companies: [] } }]);
    await waitFor(() => expect(loads()).toBe(2));
  });

  it('a roll back with nothing to go back to says so', async () => {
    const user = userEvent.setup();
    setup({ post: () => ({ status: 409, data: { error: 'no_previous_release', message: 'nothing' } }) });
    await user.click(within(await section('Back-office')).getByRole('button', { name: 'Roll back server-build' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('There is no earlier release of Back-office to go back to');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(await section('Back-office')).findByRole('alert')).toHaveTextContent(
      'There is no earlier release of Back-office to go back to.',
    );
  });

  it('shows no action to a role without releases.write', async () => {
    const { calls } = setup({ rights: [] });
    const ordering = within(await section('Online ordering'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/me')).toBe(true));
    expect(await screen.findByText(/can view this area but not change it/)).toBeInTheDocument();
    expect(ordering.queryByRole('button', { name: /^(Promote|Roll back|Change canary|Start canary)/ })).toBeNull();
    expect(ordering.getByRole('article', { name: 'Canary: 2026.12.02-bbb222' })).toBeInTheDocument();
  });

  it('reads in Spanish, numbers and dates too', async () => {
    setup({ lng: 'es' });
    expect(await screen.findByRole('heading', { name: 'Versiones', level: 1 })).toBeInTheDocument();
    const pedidos = within(await section('Pedidos en línea'));
    expect(screen.getByRole('heading', { name: 'Consola de administración', level: 2 })).toBeInTheDocument();
    const activa = pedidos.getByRole('article', { name: 'Versión activa: 2026.12.01-aaa111' });
    expect(within(activa).getByText(/1 dic 2026/)).toBeInTheDocument();
    const canaria = pedidos.getByRole('article', { name: 'Canaria: 2026.12.02-bbb222' });
    expect(within(canaria).getByText('30 %')).toBeInTheDocument();
    expect(within(canaria).getByRole('button', { name: 'Promover 2026.12.02-bbb222' })).toBeInTheDocument();
    const errores = within(pedidos.getByRole('heading', { name: 'Tasa de errores' }).closest('li')!);
    expect(errores.getByText('1,5 %')).toBeInTheDocument();
    expect(errores.getByRole('img', { name: 'Tasa de errores a lo largo del tiempo' })).toBeInTheDocument();
    expect(pedidos.getByText('Revertida automáticamente.')).toBeInTheDocument();
    expect(pedidos.getByRole('heading', { name: 'Historial' })).toBeInTheDocument();
  });

  it('has a text for every field message of the release schemas, in both languages', () => {
    for (const texts of [en, es]) {
      const validation = (texts as unknown as { releases: { validation: Record<string, string> } }).releases.validation;
      for (const key of Object.keys(RELEASE_FIELD_MESSAGES)) expect(validation[key]).toEqual(expect.any(String));
    }
  });
});

describe('the releases entry', () => {
  it('is in the menu for staff with view_releases_menu, after the six of the spec', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Releases' });
    expect(link).toHaveAttribute('href', '/admin/releases');
  });

  it('is closed to staff without the permission', async () => {
    renderAdmin(<App />, { path: '/admin/releases', user: staffUser('support', ['support']) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized'));
  });
});
