import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { evaluatePromotions, type PromotionRule } from '@hive/register-sdk/money';
import { priceOrder, type PricingTax } from '@hive/register-sdk/money';
import type { StoreMenu } from '@hive/shared/schemas/ordering';
import { cartCount, cartSubtotal, type CartApi } from '../cart';
import { money } from '../format';
import styles from '../ordering.module.css';

/** What the cart's promotions need: the store's rules, each item's category, the store's time zone. */
export interface CartPromotions {
  rules: PromotionRule[];
  categoryOf: (itemId: number) => number | null;
  timezone: string;
  /** The item's taxes (the menu's), for the tax and total shown at checkout. */
  taxesOf?: (itemId: number) => readonly PricingTax[];
}

/**
 * The cart: lines with quantity controls, the promotions it gets now (the same evaluator the
 * server prices the order with), subtotal (display only) and the way to checkout.
 */
export function CartPanel({
  cart,
  currency,
  checkoutTo,
  readOnly = false,
  promotions,
}: {
  cart: CartApi;
  currency: string;
  checkoutTo?: string;
  readOnly?: boolean;
  promotions?: CartPromotions;
}) {
  const { t, i18n } = useTranslation('ordering');
  const fmt = (cents: number) => money(cents, currency, i18n.language);
  const count = cartCount(cart.lines);
  const applied = promotions
    ? evaluatePromotions(
        cart.lines.map((l) => ({
          itemId: l.itemId,
          categoryId: promotions.categoryOf(l.itemId),
          quantity: l.quantity,
          unitCents: l.unitPriceCents,
        })),
        promotions.rules,
        Date.now(),
        promotions.timezone,
      )
    : [];
  const off = applied.reduce((sum, p) => sum + p.totalCents, 0);
  // At checkout (the menu's taxes known): the order priced as the server will place it.
  const taxesOf = promotions?.taxesOf;
  const priced =
    promotions && taxesOf && !checkoutTo
      ? priceOrder(
          cart.lines.map((l) => ({
            itemId: l.itemId,
            categoryId: promotions.categoryOf(l.itemId),
            quantity: l.quantity,
            unitCents: l.unitPriceCents,
            taxes: taxesOf(l.itemId),
          })),
          promotions.rules,
          Date.now(),
          promotions.timezone,
        )
      : null;
  return (
    <section className={styles.cart} aria-labelledby="ordering-cart-title" id="cart">
      <h2 id="ordering-cart-title" className={styles.sectionTitle}>
        {t('cart.title')} <span className={styles.muted}>({t('cart.count', { count })})</span>
      </h2>
      {cart.lines.length === 0 ? (
        <p className={styles.muted}>{t('cart.empty')}</p>
      ) : (
        <>
          <ul className={styles.cartLines} aria-label={t('cart.title')}>
            {cart.lines.map((line) => (
              <li key={line.key} className={styles.cartLine}>
                <div className={styles.cartLineText}>
                  <span>{line.name}</span>
                  {line.modifierNames.length > 0 && (
                    <span className={styles.muted}>{line.modifierNames.join(', ')}</span>
                  )}
                </div>
                {readOnly ? (
                  <span>× {line.quantity}</span>
                ) : (
                  <div className={styles.qty}>
                    <button
                      type="button"
                      aria-label={t('cart.decrease', { name: line.name })}
                      onClick={() => cart.setQuantity(line.key, line.quantity - 1)}
                    >
                      −
                    </button>
                    <output aria-label={t('cart.quantity', { name: line.name })}>{line.quantity}</output>
                    <button
                      type="button"
                      aria-label={t('cart.increase', { name: line.name })}
                      onClick={() => cart.setQuantity(line.key, line.quantity + 1)}
                    >
                      +
                    </button>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t('cart.remove', { name: line.name })}
                      onClick={() => cart.remove(line.key)}
                    >
                      ×
                    </button>
                  </div>
                )}
                <span className={styles.lineTotal}>{fmt(line.quantity * line.unitPriceCents)}</span>
              </li>
            ))}
          </ul>
          {applied.length > 0 && (
            <ul className={styles.cartLines} aria-label={t('cart.promotions')}>
              {applied.map((p) => (
                <li key={p.promotionId} className={styles.cartLine}>
                  <span className={styles.cartLineText}>{p.name}</span>
                  <span className={styles.lineTotal}>−{fmt(p.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
          {priced ? (
            <dl className={styles.totals} aria-label={t('cart.totals')}>
              <div>
                <dt>{t('cart.subtotalNet')}</dt>
                <dd>{fmt(priced.subtotalCents)}</dd>
              </div>
              <div>
                <dt>{t('cart.tax')}</dt>
                <dd>{fmt(priced.taxCents)}</dd>
              </div>
              <div className={styles.subtotal}>
                <dt>{t('cart.total')}</dt>
                <dd>
                  <strong>{fmt(priced.totalCents)}</strong>
                </dd>
              </div>
            </dl>
          ) : (
            <p className={styles.subtotal}>
              <span>{t('cart.subtotal')}</span> <strong>{fmt(cartSubtotal(cart.lines) - off)}</strong>
            </p>
          )}
          {checkoutTo && <p className={styles.muted}>{t('cart.taxNote')}</p>}
          {checkoutTo && (
            <Link className={styles.primary} to={checkoutTo}>
              {t('cart.checkout')}
            </Link>
          )}
        </>
      )}
    </section>
  );
}

/** The cart's promotions from the store's menu. */
export function promotionsOf(menu: StoreMenu, timezone: string): CartPromotions {
  const items = new Map(menu.categories.flatMap((c) => c.items.map((i) => [i.id, i] as const)));
  return {
    rules: menu.promotions ?? [],
    categoryOf: (itemId) => items.get(itemId)?.categoryId ?? null,
    timezone,
    // Only when the menu carries taxes (a newer server); otherwise the subtotal alone, as before.
    taxesOf: [...items.values()].some((i) => i.taxes) ? (itemId) => items.get(itemId)?.taxes ?? [] : undefined,
  };
}
