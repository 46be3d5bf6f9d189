import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import { useOrderingApi } from '../api';
import { cartCount, useCart } from '../cart';
import { CartPanel, promotionsOf } from '../components/CartPanel';
import { MenuItemCard } from '../components/MenuItemCard';
import { StoreInfo } from '../components/StoreInfo';
import { StoreGate } from '../components/StoreGate';
import styles from '../ordering.module.css';

export function StorePage({ slug }: { slug: string }) {
  const api = useOrderingApi();
  // The menu (an ordering token, then the menu) is asked for at once, beside the store's profile
  // that StoreGate loads, not after it: two round trips off a phone's first view.
  const [menuRequest] = useState(() => {
    const request = api.menu(slug);
    request.catch(() => undefined); // a store that is closed or unknown never reads it
    return request;
  });
  return (
    <StoreGate slug={slug}>
      {(profile) => <StoreView slug={slug} profile={profile} menuRequest={menuRequest} />}
    </StoreGate>
  );
}

/** Where the menu will be, at the size of its first rows: the cart below it does not jump when it comes. */
function MenuSkeleton() {
  return (
    <div className={styles.menuSkeleton} aria-hidden="true">
      <div className={styles.skeletonNav} />
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonItem} />
      <div className={styles.skeletonItem} />
      <div className={styles.skeletonItem} />
    </div>
  );
}

function StoreView({
  slug,
  profile,
  menuRequest,
}: {
  slug: string;
  profile: StoreProfile;
  menuRequest: Promise<StoreMenu>;
}) {
  const { t } = useTranslation('ordering');
  const api = useOrderingApi();
  const cart = useCart(slug);
  const [menu, setMenu] = useState<StoreMenu | null>(null);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let live = true;
    // A request that failed (or was started before a retry of the profile) is tried once more.
    // A transition: React renders the whole menu in short slices, so a phone's main thread is
    // never blocked for long (the skeleton stays until the menu is ready).
    menuRequest
      .catch(() => api.menu(slug))
      .then(
        (m) => live && startTransition(() => setMenu(m)),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [api, slug, menuRequest]);

  const count = cartCount(cart.lines);
  return (
    <div className={styles.storeLayout}>
      <div className={styles.storeMain}>
        <StoreInfo profile={profile} />
        <section aria-labelledby="ordering-menu-title">
          <h2 id="ordering-menu-title" className={styles.sectionTitle}>
            {t('store.menu')}
          </h2>
          {failed && <p role="alert">{t('loadError')}</p>}
          {!menu && !failed && (
            <>
              <p role="status" className={styles.visuallyHidden}>
                {t('loading')}
              </p>
              <MenuSkeleton />
            </>
          )}
          {menu && menu.categories.length === 0 && <p>{t('store.emptyMenu')}</p>}
          {menu && menu.categories.length > 1 && (
            <nav className={styles.categoryNav} aria-label={t('store.menu')}>
              {menu.categories.map((c) => (
                <a key={c.name} href={`#cat-${c.id ?? 'other'}`}>
                  {c.name}
                </a>
              ))}
            </nav>
          )}
          {menu?.categories.map((category) => (
            <section key={category.name} aria-labelledby={`cat-${category.id ?? 'other'}`} className={styles.category}>
              <h2 id={`cat-${category.id ?? 'other'}`} className={styles.categoryTitle}>
                {category.name}
              </h2>
              <ul className={styles.items}>
                {category.items.map((item) => (
                  <MenuItemCard
                    key={item.id}
                    item={item}
                    currency={menu.currency}
                    canOrder
                    onAdd={(input) => {
                      cart.add(input);
                      setAnnouncement(t('store.added', { name: input.name }));
                    }}
                  />
                ))}
              </ul>
            </section>
          ))}
        </section>
      </div>
      {/* On a phone the cart is below the menu: it shows once the menu is in place, not before. */}
      <aside className={menu || failed ? styles.storeAside : `${styles.storeAside} ${styles.asideWaiting}`}>
        <CartPanel
          cart={cart}
          currency={profile.currency}
          checkoutTo={`/ordering/${slug}/checkout`}
          promotions={menu ? promotionsOf(menu, profile.timezone) : undefined}
        />
      </aside>
      {count > 0 && (
        <Link to={`/ordering/${slug}/checkout`} className={styles.cartBar}>
          {t('cart.view', { count })} · {t('cart.checkout')}
        </Link>
      )}
      <p className={styles.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
