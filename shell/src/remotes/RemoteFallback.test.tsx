import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import en from '../../public/locales/en/shell.json';
import es from '../../public/locales/es/shell.json';
import { RemoteIncompatibleError } from './contract';
import { RemoteFallback } from './RemoteFallback';
import { RemoteUnavailableError } from './registry';

jest.mock('./federation', () => ({}));

async function renderFallback(error: Error, lng: 'en' | 'es' = 'en') {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng, ns: ['shell'], defaultNS: 'shell', resources: { en: { shell: en }, es: { shell: es } } });
  const onRetry = jest.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <RemoteFallback name="ordering" error={error} onRetry={onRetry} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return onRetry;
}

describe('RemoteFallback', () => {
  it("replaces the server's first screen of the area, which hides the shell's root", async () => {
    const first = document.createElement('div');
    first.id = 'hive-first-screen';
    document.body.prepend(first);
    await renderFallback(new RemoteUnavailableError('ordering', new Error('offline')));
    expect(document.getElementById('hive-first-screen')).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('an incompatible remote: "being updated", and Try again', async () => {
    const onRetry = await renderFallback(
      new RemoteIncompatibleError('ordering', 'needs shell contract ^99.0.0, this shell is 1.0.0'),
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This part of Hive is being updated' })).toBeInTheDocument();
    expect(screen.queryByText(/\^99/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('in Spanish', async () => {
    await renderFallback(new RemoteIncompatibleError('ordering', 'x'), 'es');
    expect(screen.getByRole('heading', { name: 'Esta parte de Hive se está actualizando' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('a remote that cannot be reached keeps the load-failure fallback', async () => {
    await renderFallback(new RemoteUnavailableError('ordering'));
    expect(screen.getByRole('heading', { name: 'The online ordering could not be loaded' })).toBeInTheDocument();
  });
});
