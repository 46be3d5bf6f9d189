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
    });
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
