import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_STATUSES, type PublicOrder, type StoreProfile } from '@hive/shared/schemas/ordering';
import { errorResponse, useOrderingApi } from '../api';
import { Frame, Notice } from '../components/Frame';
import { useStoreProfile } from '../components/useStore';
import { money, pickupLabel } from '../format';
import styles from '../ordering.module.css';

export const ORDER_POLL_MS = 4000;
const FINAL = new Set(['completed', 'cancelled']);

/** The order and its status, refreshed every few seconds while it can still change. */
export function OrderPage({ slug, id }: { slug: string; id: string }) {
  const { t, i18n } = useTranslation('ordering');
  const api = useOrderingApi();
  const { state } = useStoreProfile(slug);
  const [order, setOrder] = useState<PublicOrder | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await api.order(slug, id);
        if (!live) return;
        setOrder(next);
        if (FINAL.has(next.status)) return;
      } catch (error) {
        if (!live) return;
        if (errorResponse(error)?.status === 404) {
          setMissing(true);
          return;
        }
      }
      timer = setTimeout(load, ORDER_POLL_MS);
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, slug, id]);

  const profile: StoreProfile | null = state.kind === 'ready' ? state.profile : null;
  if (missing || state.kind === 'not_found') {
    return (
      <Frame storeName={profile?.name}>
        <Notice title={t('order.notFound')}>
          <Link to={`/ordering/${slug}`}>{t('checkout.back')}</Link>
        </Notice>
      </Frame>
    );
  }
  if (!order) {
    return (
      <Frame storeName={profile?.name}>
        <p role="status">{t('loading')}</p>
      </Frame>
    );
  }
  const fmt = (cents: number) => money(cents, order.currency, i18n.language);
  const step = ORDER_STATUSES.indexOf(order.status);
  return (
    <Frame storeName={order.store.name}>
      <article className={styles.order} aria-labelledby="ordering-order-title">
        <h1 id="ordering-order-title" className={styles.title}>
          {t('order.title', { number: order.number })}
        </h1>
        <p>{t('order.thanks', { name: order.customerName })}</p>
        <p className={styles.statusLine}>
          {t('order.status')}:{' '}
          <strong
            role="status"
            aria-live="polite"
            data-status={order.status}
            className={styles[`status_${order.status}`]}
          >
            {t(`order.statuses.${order.status}`)}
          </strong>
        </p>
        {order.status !== 'cancelled' && (
          <ol className={styles.steps} aria-label={t('order.steps')}>
            {(['received', 'accepted', 'ready', 'completed'] as const).map((s, index) => (
              <li
                key={s}
                className={index <= step ? styles.stepDone : undefined}
                aria-current={index === step ? 'step' : undefined}
              >
                {t(`order.statuses.${s}`)}
              </li>
            ))}
          </ol>
        )}
        <p>
          {t('order.pickup', {
            time: pickupLabel(Date.parse(order.pickupAt), profile?.timezone ?? 'UTC', i18n.language),
          })}
        </p>
        <ul className={styles.cartLines}>
          {order.lines.map((line, index) => (
            <li key={index} className={styles.cartLine}>
              <div className={styles.cartLineText}>
                <span>
                  {line.quantity} × {line.name}
                </span>
                {line.options.length > 0 && <span className={styles.muted}>{line.options.join(', ')}</span>}
              </div>
              <span className={styles.lineTotal}>{fmt(line.totalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          {order.promotions.map((p, k) => (
            <div key={k}>
              <dt>{p.name}</dt>
              <dd>−{fmt(p.amountCents)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('order.subtotal')}</dt>
            <dd>{fmt(order.subtotalCents)}</dd>
          </div>
          <div>
            <dt>{t('order.tax')}</dt>
            <dd>{fmt(order.taxCents)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('order.total')}</dt>
            <dd>{fmt(order.totalCents)}</dd>
          </div>
          {order.giftCard && (
            <>
              <div>
                <dt>{t('order.giftCard', { card: order.giftCard.last4 })}</dt>
                <dd>−{fmt(order.giftCard.amountCents)}</dd>
              </div>
              <div className={styles.total}>
                <dt>{t('order.due')}</dt>
                <dd>{fmt(order.dueCents)}</dd>
              </div>
            </>
          )}
        </dl>
        {order.notes && (
          <p>
            {t('order.notes')}: {order.notes}
          </p>
        )}
        {!FINAL.has(order.status) && <p className={styles.muted}>{t('order.refreshing')}</p>}
        <p>
          <Link to={`/ordering/${slug}`}>{t('order.back', { name: order.store.name })}</Link>
        </p>
      </article>
    </Frame>
  );
}
