// The ordering remote's server build (dist/server/, webpack.config.cjs): the store page's first screen
// as HTML, rendered from the same components and data as the browser's page. The server loads the
// build of the release its visitor gets (server/src/web/firstScreen), so a new ordering release
// changes the HTML and the app together. No hydration: the browser's page replaces this one at the
// same geometry once its menu is in (useFirstScreenTakeover).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { FIRST_SCREEN_ID, FIRST_SCREEN_ITEMS } from './constants';
import { StaticRender } from './staticRender';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import en from '../../public/locales/en/ordering.json';
import es from '../../public/locales/es/ordering.json';
import { Frame } from '../components/Frame';
import { StoreView } from '../components/StoreView';
import type { CartApi } from '../cart';
import styles from '../ordering.module.css';

/** What the server sends and expects: bumped on a change it must know about (the server checks it). */
export const FIRST_SCREEN_VERSION = 1;

export interface FirstScreenInput {
  /** The page's language (the server's choice for this request). */
  lng: string;
  /** The store page's path, `/ordering/<slug>`. */
  path: string;
  profile: StoreProfile;
  menu: StoreMenu;
}

export interface FirstScreenOutput {
  /** Trusted markup for the end of <head>: the rules that hide the shell's root meanwhile. */
  head: string;
  /** The element to put before the shell's root (`#hive-first-screen`). */
  body: string;
}

export { FIRST_SCREEN_ITEMS };

const RESOURCES: Resource = { en: { ordering: en }, es: { ordering: es } };

const i18nFor = (lng: string) => {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: RESOURCES,
    lng: lng in RESOURCES ? lng : 'en',
    fallbackLng: 'en',
    ns: ['ordering'],
    defaultNS: 'ordering',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
  });
  return i18n;
};

/** Nothing in it yet: the cart is the browser's (local storage); the first screen shows it empty. */
const EMPTY_CART: CartApi = {
  lines: [],
  add: () => undefined,
  setQuantity: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
};

export function renderFirstScreen({ lng, path, profile, menu }: FirstScreenInput): FirstScreenOutput | null {
  // Only a store that takes orders has this page (StoreGate shows the others a notice).
  if (!profile.takingOrders) return null;
  const i18n = i18nFor(lng);
  const page = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRender.Provider value>
        <StaticRouter location={path}>
          <Frame storeName={profile.name} firstScreen>
            <StoreView
              slug={profile.slug}
              profile={profile}
              menu={menu}
              failed={false}
              cart={EMPTY_CART}
              onAdd={() => undefined}
              announcement=""
              itemLimit={FIRST_SCREEN_ITEMS}
            />
          </Frame>
        </StaticRouter>
      </StaticRender.Provider>
    </I18nextProvider>,
    // Its own ids: never the same as the app's while both are in the page.
    { identifierPrefix: 'fs-' },
  );
  const head =
    // The shell's root (its loader, then the app while it loads) stays out of sight under it.
    `<style>#${FIRST_SCREEN_ID}~#root{display:none}</style>` +
    // Without JavaScript nothing can be added or switched: those controls are not shown.
    `<noscript><style>#${FIRST_SCREEN_ID} .${styles.addButton},#${FIRST_SCREEN_ID} .${styles.language}{display:none}</style></noscript>`;
  return { head, body: `<div id="${FIRST_SCREEN_ID}">${page}</div>` };
}
