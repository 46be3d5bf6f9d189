import { useEffect, useState } from 'react';
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
  return <StoreGate slug={slug}>{(profile) => <StoreView slug={slug} profile={profile} />}</StoreGate>;
}

function StoreView({ slug, profile }: { slug: string; profile: StoreProfile }) {
  const { t } = useTranslation('ordering');
  const api = useOrderingApi();
  const cart = useCart(slug);
  const [menu, setMenu] = useState<StoreMenu | null>(null);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let live = true;
    api.menu(slug).then(
      (m) => live && setMenu(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, slug]);

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
          {!menu && !failed && <p role="status">{t('loading')}</p>}
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
      <aside className={styles.storeAside}>
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
