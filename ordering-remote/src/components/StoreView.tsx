import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import { cartCount, type AddInput, type CartApi } from '../cart';
import { CartPanel, promotionsOf } from './CartPanel';
import { MenuItemCard } from './MenuItemCard';
import { StoreInfo } from './StoreInfo';
import styles from '../ordering.module.css';

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

/** The menu's first `limit` items (whole categories, the last one cut): the server's first screen. */
function firstItems(menu: StoreMenu, limit: number): StoreMenu['categories'] {
  const out: StoreMenu['categories'] = [];
  let left = limit;
  for (const category of menu.categories) {
    if (left <= 0) break;
    out.push({ ...category, items: category.items.slice(0, left) });
    left -= category.items.length;
  }
  return out;
}

export interface StoreViewProps {
  slug: string;
  profile: StoreProfile;
  /** null while it loads (a skeleton of its size stands in). */
  menu: StoreMenu | null;
  failed: boolean;
  cart: CartApi;
  onAdd(input: AddInput): void;
  announcement: string;
  /** Render only the first items: the server's first screen stops there, the browser renders all. */
  itemLimit?: number;
}

/**
 * The store page as the visitor sees it: the store, its menu, the cart. Rendered by the browser and,
 * with the same markup and classes, by the server build (src/firstScreen), so that the browser's
 * page takes the server's place at the same geometry.
 */
export function StoreView({ slug, profile, menu, failed, cart, onAdd, announcement, itemLimit }: StoreViewProps) {
  const { t } = useTranslation('ordering');
  const count = cartCount(cart.lines);
  const categories = menu ? (itemLimit === undefined ? menu.categories : firstItems(menu, itemLimit)) : [];
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
          {/* Every category, in the first screen too: the nav's height does not change at the takeover. */}
          {menu && menu.categories.length > 1 && (
            <nav className={styles.categoryNav} aria-label={t('store.menu')}>
              {menu.categories.map((c) => (
                <a key={c.name} href={`#cat-${c.id ?? 'other'}`}>
                  {c.name}
                </a>
              ))}
            </nav>
          )}
          {menu &&
            categories.map((category) => (
              <section
                key={category.name}
                aria-labelledby={`cat-${category.id ?? 'other'}`}
                className={styles.category}
              >
                <h2 id={`cat-${category.id ?? 'other'}`} className={styles.categoryTitle}>
                  {category.name}
                </h2>
                <ul className={styles.items}>
                  {category.items.map((item) => (
                    <MenuItemCard key={item.id} item={item} currency={menu.currency} canOrder onAdd={onAdd} />
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
