import { render, screen } from '@testing-library/react';
import type { BackendModule, ReadCallback } from 'i18next';
import { FetchBackend } from './fetchBackend';
import { useTranslation } from 'react-i18next';
import { createI18n, DEFAULT_LOAD_PATH, initI18n, normalizeLanguage } from './createI18n';

const RESOURCES: Record<string, Record<string, Record<string, string>>> = {
  en: { common: { hello: 'Hello {{name}}', onlyEn: 'English only' }, extra: { bye: 'Bye' } },
  es: { common: { hello: 'Hola {{name}}' }, extra: { bye: 'Adiós' } },
};

function fakeBackend() {
  const reads: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read(lng: string, ns: string, callback: ReadCallback) {
      reads.push(`${lng}/${ns}`);
      const data = RESOURCES[lng]?.[ns];
      setTimeout(() => (data ? callback(null, data) : callback(new Error('404'), false)), 0);
    },
  };
  return { backend, reads };
}

describe('initI18n', () => {
  it('resolves en by default and es on request, with fallback to en', async () => {
    const { backend, reads } = fakeBackend();
    const i18n = await initI18n({ defaultNS: 'common', ns: ['common', 'extra'], backend });
    expect(i18n.language).toBe('en');
    expect(i18n.t('hello', { name: '<b>Ana</b>' })).toBe('Hello <b>Ana</b>'); // no escaping
    expect(i18n.t('extra:bye')).toBe('Bye');
    await i18n.changeLanguage('es');
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hola Ana');
    expect(i18n.t('extra:bye')).toBe('Adiós');
    expect(i18n.t('onlyEn')).toBe('English only');
    expect(reads).toEqual(expect.arrayContaining(['en/common', 'en/extra', 'es/common', 'es/extra']));
  });

  it('uses bundled namespaces without a request, and still loads the others', async () => {
    const { backend, reads } = fakeBackend();
    const i18n = await initI18n({
      defaultNS: 'shell',
      ns: ['shell', 'extra'],
      backend,
      resources: { en: { shell: { loading: 'Loading' } }, es: { shell: { loading: 'Cargando' } } },
    });
    expect(i18n.t('loading')).toBe('Loading');
    expect(i18n.t('extra:bye')).toBe('Bye');
    await i18n.changeLanguage('es');
    expect(i18n.t('loading')).toBe('Cargando');
    expect(reads.filter((r) => r.endsWith('/shell'))).toEqual([]);
  });

  it('starts in es when asked', async () => {
    const { backend } = fakeBackend();
    const i18n = await initI18n({ defaultNS: 'common', lng: 'es-MX', backend });
    expect(i18n.language).toBe('es');
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hola Ana');
  });

  it('does not detect the language from the browser', async () => {
    const spy = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('es-ES');
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['es-ES', 'es']);
    localStorage.setItem('i18nextLng', 'es');
    document.cookie = 'i18next=es';
    window.history.pushState({}, '', '/?lng=es');
    try {
      const { backend } = fakeBackend();
      const i18n = await initI18n({ defaultNS: 'common', backend });
      expect(i18n.language).toBe('en');
      expect(i18n.services.languageDetector).toBeFalsy();
      expect(i18n.t('hello', { name: 'x' })).toBe('Hello x');
    } finally {
      spy.mockRestore();
      localStorage.clear();
      window.history.pushState({}, '', '/');
    }
  });

  it('falls back to en for unsupported languages', async () => {
    const { backend } = fakeBackend();
    const i18n = await initI18n({ defaultNS: 'common', lng: 'fr', backend });
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('de');
    expect(i18n.t('hello', { name: 'x' })).toBe('Hello x');
  });

  it('resolves even when a namespace fails to load', async () => {
    const { backend } = fakeBackend();
    const i18n = await initI18n({ defaultNS: 'missing', backend });
    expect(i18n.t('anything')).toBe('anything');
  });
});

describe('createI18n', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is configured as DESIGN.md says, with the fetch backend under /locales', async () => {
    const read = jest
      .spyOn(FetchBackend.prototype, 'read')
      .mockImplementation((lng: string, ns: string, cb: ReadCallback) => cb(null, RESOURCES[lng]?.[ns] ?? {}));
    const i18n = createI18n({ defaultNS: 'login', ns: ['login', 'admin'] });
    expect(i18n.options.supportedLngs).toEqual(expect.arrayContaining(['en', 'es']));
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.lng).toBe('en');
    expect(i18n.options.defaultNS).toBe('login');
    expect(i18n.options.ns).toEqual(['login', 'admin']);
    expect(i18n.options.interpolation?.escapeValue).toBe(false);
    expect((i18n.options.backend as { loadPath: string }).loadPath).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(DEFAULT_LOAD_PATH).toBe('/locales/{{lng}}/{{ns}}.json');
    await new Promise((resolve) => i18n.on('initialized', resolve));
    expect(i18n.services.backendConnector.backend).toBeInstanceOf(FetchBackend);
    expect(read).toHaveBeenCalledWith('en', 'login', expect.any(Function));
  });

  it('accepts a custom load path and adds the default namespace', async () => {
    jest.spyOn(FetchBackend.prototype, 'read').mockImplementation((_l, _n, cb: ReadCallback) => cb(null, {}));
    const i18n = createI18n({ defaultNS: 'common', ns: ['shell'], loadPath: '/x/{{lng}}/{{ns}}.json' });
    expect((i18n.options.backend as { loadPath: string }).loadPath).toBe('/x/{{lng}}/{{ns}}.json');
    expect(i18n.options.ns).toEqual(['common', 'shell']);
    await new Promise((resolve) => i18n.on('initialized', resolve));
  });

  it('works with react-i18next', async () => {
    const { backend } = fakeBackend();
    const i18n = await initI18n({ defaultNS: 'common', backend });
    function Hello() {
      const { t } = useTranslation('common', { i18n });
      return <p>{t('hello', { name: 'Ana' })}</p>;
    }
    render(<Hello />);
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
  });
});

describe('normalizeLanguage', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['ES-mx', 'es'],
    ['en_GB', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%p -> %s', (input, out) => {
    expect(normalizeLanguage(input)).toBe(out);
  });
});
