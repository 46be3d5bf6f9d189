import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cartCount, cartSubtotal, type CartApi } from '../cart';
import { money } from '../format';
import styles from '../ordering.module.css';

/** The cart: lines with quantity controls, subtotal (display only) and the way to checkout. */
export function CartPanel({ cart, currency, checkoutTo, readOnly = false }: { cart: CartApi; currency: string; checkoutTo?: string; readOnly?: boolean }) {
  const { t, i18n } = useTranslation('ordering');
  const fmt = (cents: number) => money(cents, currency, i18n.language);
  const count = cartCount(cart.lines);
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
                  {line.optionNames.length > 0 && <span className={styles.muted}>{line.optionNames.join(', ')}</span>}
                </div>
                {readOnly ? (
                  <span>× {line.quantity}</span>
                ) : (
                  <div className={styles.qty}>
                    <button type="button" aria-label={t('cart.decrease', { name: line.name })} onClick={() => cart.setQuantity(line.key, line.quantity - 1)}>
                      −
                    </button>
                    <output aria-label={t('cart.quantity', { name: line.name })}>{line.quantity}</output>
                    <button type="button" aria-label={t('cart.increase', { name: line.name })} onClick={() => cart.setQuantity(line.key, line.quantity + 1)}>
                      +
                    </button>
                    <button type="button" className={styles.remove} aria-label={t('cart.remove', { name: line.name })} onClick={() => cart.remove(line.key)}>
                      ×
                    </button>
                  </div>
                )}
                <span className={styles.lineTotal}>{fmt(line.quantity * line.unitPriceCents)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.subtotal}>
            <span>{t('cart.subtotal')}</span> <strong>{fmt(cartSubtotal(cart.lines))}</strong>
          </p>
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
