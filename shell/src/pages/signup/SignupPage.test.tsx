import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAuthPage } from '../authForm/renderAuthPage.testutil';
import { SignupPage } from './SignupPage';

/** The form's labels (in the page's language) and what goes in each field. */
const ENGLISH = {
  company: ['Company name', 'Sun Cafe'],
  email: ['Email', 'owner@suncafe.test'],
  password: ['Password', 'sunny-days-2026'],
  licence: 'Licence',
  submit: 'Create account',
};

async function fill(form = ENGLISH) {
  const user = userEvent.setup();
  for (const [label, value] of [form.company, form.email, form.password]) {
    await user.type(screen.getByLabelText(label!), value!);
  }
  await user.selectOptions(screen.getByLabelText(form.licence), 'Restaurant');
  await user.click(screen.getByRole('button', { name: form.submit }));
}

/** The text of the option a select (found by its label) shows. */
const selected = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('SignupPage', () => {
  it('sends the form and then only says to check the e-mail (the same for any address)', async () => {
    const { calls } = renderAuthPage(<SignupPage />, { respond: () => ({ status: 202, data: { success: true } }) });
    await fill();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a link to owner@suncafe.test. Open it within 24 hours',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.data as string)).toEqual({
      company: 'Sun Cafe',
      email: 'owner@suncafe.test',
      password: 'sunny-days-2026',
      license: 'Restaurant',
      language: 'en',
      country: 'US',
      currency: 'USD',
      timezone: 'America/New_York',
      taxMode: 'added',
    });
  });

  it('proposes currency, time zone and tax mode from the country, each changeable before sending', async () => {
    const { calls } = renderAuthPage(<SignupPage />, {
      language: 'es',
      respond: () => ({ status: 202, data: { success: true } }),
    });
    const user = userEvent.setup();
    // Spanish form: Spain, euros, Madrid, prices with VAT included.
    expect(screen.getByLabelText('País')).toHaveValue('ES');
    expect(selected('País')).toBe('España');
    expect(screen.getByLabelText('Moneda')).toHaveValue('EUR');
    expect(screen.getByLabelText('Zona horaria')).toHaveValue('Europe/Madrid');
    expect(screen.getByLabelText('Precios e impuestos')).toHaveValue('included');
    expect(selected('Precios e impuestos')).toBe('Precios con IVA incluido');

    // Another country proposes its own; a field changed afterwards keeps the change.
    await user.selectOptions(screen.getByLabelText('País'), 'US');
    expect(screen.getByLabelText('Moneda')).toHaveValue('USD');
    expect(screen.getByLabelText('Zona horaria')).toHaveValue('America/New_York');
    expect(screen.getByLabelText('Precios e impuestos')).toHaveValue('added');
    await user.selectOptions(screen.getByLabelText('Zona horaria'), 'America/Chicago');
    await user.selectOptions(screen.getByLabelText('País'), 'MX');
    await user.selectOptions(screen.getByLabelText('Zona horaria'), 'America/Tijuana');
    await user.selectOptions(screen.getByLabelText('Moneda'), 'USD');

    await fill({
      company: ['Nombre de la empresa', 'Taquería Sol'],
      email: ['Correo electrónico', 'sol@taqueria.test'],
      password: ['Contraseña', 'tacos-2026-sol'],
      licence: 'Licencia',
      submit: 'Crear cuenta',
    });
    await screen.findByRole('status');
    expect(JSON.parse(calls[0]!.data as string)).toMatchObject({
      country: 'MX',
      currency: 'USD',
      timezone: 'America/Tijuana',
      taxMode: 'included',
      language: 'es',
    });
    // Several hundred countries, currencies and zones in jsdom: slow on a busy machine.
  }, 20_000);

  it('shows the server message on the country field', async () => {
    renderAuthPage(<SignupPage />, {
      respond: () => ({
        status: 400,
        data: {
          error: 'validation_error',
          message: 'country: must be a country code such as ES or US',
          fields: { country: 'must be a country code such as ES or US' },
        },
      }),
    });
    await fill();
    expect(await screen.findByText('must be a country code such as ES or US')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs up in the language the form is in (the company’s seeded names follow it)', async () => {
    const { calls } = renderAuthPage(<SignupPage />, {
      language: 'es',
      respond: () => ({ status: 202, data: { success: true } }),
    });
    await fill({
      company: ['Nombre de la empresa', 'Bar Sol'],
      email: ['Correo electrónico', 'sol@bar.test'],
      password: ['Contraseña', 'tapas-2026-sol'],
      licence: 'Licencia',
      submit: 'Crear cuenta',
    });
    await screen.findByRole('status');
    expect(JSON.parse(calls[0]!.data as string)).toMatchObject({ company: 'Bar Sol', language: 'es' });
  });

  it('shows the server field message on its field and keeps what was typed', async () => {
    renderAuthPage(<SignupPage />, {
      respond: () => ({
        status: 400,
        data: {
          error: 'validation_error',
          message: 'company: must not contain control characters',
          fields: { company: 'must not contain control characters' },
        },
      }),
    });
    await fill();
    expect(await screen.findByText('must not contain control characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveValue('Sun Cafe');
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    const { calls } = renderAuthPage(<SignupPage />, { respond: () => ({ status: 202 }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText("Enter your company's name.")).toBeInTheDocument();
    expect(screen.getByText('Choose a licence.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
