import { useEffect, useState } from 'react';
import { LIVE_PAGE_TOPICS } from '@hive/shared/schemas/live';
import { Alert, Breakable, Button, CheckboxField, PageFrame, TextField } from '@hive/shared/ui';
import {
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  orderingSettingsSchema,
  type BackofficeOrder,
  type OrderAction,
  type OrderingSettings,
} from '@hive/shared/schemas/ordering';
import { useCompany, useLiveApi } from '../../api';
import { LiveIndicator, TimeZoneField, inputToNumber } from '../../components';
import { DOCUMENT_TITLE_SUFFIX, TimeZoneNote, useFormat, useLanguage, usePageMeta, useT } from '../../i18n';
import { ORDERING_URL, useOrderingOnlineApi, type OrderingOnlineApi } from './api';
import styles from './ordering-online.module.css';
import { TimeSelect } from './TimeSelect';

/*
 * /ordering_online: the store's online-ordering settings and its incoming orders (newest first),
 * live: refetched when the stream announces an order placed or moved (polled while it is down).
 */

export const ORDERS_POLL_MS = 5000;

function useDays(): string[] {
  const { t } = useT();
  return t('orderingOnline.days', { returnObjects: true }) as unknown as string[];
}

function errorOf(error: unknown): { status?: number; message?: string; fields?: Record<string, string> } {
  const response = (
    error as { response?: { status?: number; data?: { message?: string; fields?: Record<string, string> } } }
  ).response;
  return { status: response?.status, message: response?.data?.message, fields: response?.data?.fields };
}

interface HoursDraft {
  closed: boolean;
  open: string;
  close: string;
}
interface Draft {
  takingOrders: boolean;
  slug: string;
  leadMinutes: string;
  timezone: string;
  hours: HoursDraft[];
}

const toDraft = (s: OrderingSettings): Draft => ({
  takingOrders: s.takingOrders,
  slug: s.slug,
  leadMinutes: String(s.leadMinutes),
  timezone: s.timezone,
  hours: s.hours.map((d) =>
    d ? { closed: false, open: d.open, close: d.close } : { closed: true, open: '08:00', close: '22:00' },
  ),
});

export function SettingsForm({
  api,
  initial,
  storefrontPath,
  onSaved,
}: {
  api: OrderingOnlineApi;
  initial: OrderingSettings;
  storefrontPath: string;
  onSaved(path: string): void;
}) {
  const { t } = useT();
  const lang = useLanguage();
  const days = useDays();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const link = typeof window === 'undefined' ? storefrontPath : `${window.location.origin}${storefrontPath}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      takingOrders: draft.takingOrders,
      slug: draft.slug,
      leadMinutes: inputToNumber(draft.leadMinutes, lang) ?? Number.NaN,
      timezone: draft.timezone,
      hours: draft.hours.map((d) => (d.closed ? null : { open: d.open, close: d.close })),
    };
    const parsed = orderingSettingsSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join('.');
        next[key] ??= issue.message;
      }
      setErrors(next);
      setStatus('idle');
      return;
    }
    setErrors({});
    setStatus('saving');
    try {
      const saved = await api.saveSettings(parsed.data);
      setDraft(toDraft(saved.settings));
      setStatus('saved');
      onSaved(saved.storefrontPath);
    } catch (error) {
      const { fields } = errorOf(error);
      if (fields) setErrors(fields);
      setStatus('failed');
    }
  };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setDay = (index: number, change: Partial<HoursDraft>) =>
    setDraft((d) => ({ ...d, hours: d.hours.map((h, i) => (i === index ? { ...h, ...change } : h)) }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('orderingOnline.settingsForm')}>
      <CheckboxField
        label={t('orderingOnline.takingOrders')}
        checked={draft.takingOrders}
        onChange={(e) => set('takingOrders', e.target.checked)}
      />
      <div className={styles.row}>
        <TextField
          label={t('orderingOnline.slug')}
          value={draft.slug}
          onChange={(e) => set('slug', e.target.value)}
          error={errors.slug}
          required
        />
        <TextField
          label={t('orderingOnline.leadMinutes')}
          inputMode="numeric"
          autoComplete="off"
          value={draft.leadMinutes}
          onChange={(e) => set('leadMinutes', e.target.value)}
          error={errors.leadMinutes}
          required
        />
      </div>
      <TimeZoneField
        label={t('orderingOnline.timezone')}
        value={draft.timezone}
        onChange={(e) => set('timezone', e.target.value)}
        error={errors.timezone}
        hint={t('orderingOnline.timezoneHint')}
        required
      />
      <fieldset className={styles.hours}>
        <legend>{t('orderingOnline.hours')}</legend>
        {days.map((day, index) => {
          const h = draft.hours[index]!;
          const error = errors[`hours.${index}.close`] ?? errors[`hours.${index}.open`] ?? errors[`hours.${index}`];
          return (
            <div key={day}>
              <div className={styles.hoursRow}>
                <span>{day}</span>
                <label>
                  <input
                    type="checkbox"
                    checked={h.closed}
                    onChange={(e) => setDay(index, { closed: e.target.checked })}
                  />{' '}
                  {t('orderingOnline.closed')}
                </label>
                <TimeSelect
                  aria-label={t('orderingOnline.opens', { day })}
                  value={h.open}
                  disabled={h.closed}
                  onChange={(open) => setDay(index, { open })}
                />
                <TimeSelect
                  aria-label={t('orderingOnline.closes', { day })}
                  value={h.close}
                  disabled={h.closed}
                  onChange={(close) => setDay(index, { close })}
                />
              </div>
              {error && <p className={styles.error}>{t('orderingOnline.dayError', { day, error })}</p>}
            </div>
          );
        })}
        {errors.hours && <p className={styles.error}>{errors.hours}</p>}
      </fieldset>
      <p>
        {t('orderingOnline.storefrontLink')}{' '}
        <a className={styles.link} href={storefrontPath} target="_blank" rel="noreferrer">
          <Breakable text={link} />
        </a>
      </p>
      {status === 'saved' && <Alert kind="success">{t('orderingOnline.saved')}</Alert>}
      {status === 'failed' && <Alert kind="error">{t('orderingOnline.saveFailed')}</Alert>}
      <Button type="submit" disabled={status === 'saving'}>
        {status === 'saving' ? t('orderingOnline.saving') : t('orderingOnline.save')}
      </Button>
    </form>
  );
}

const ORDER_TOPICS = { topics: LIVE_PAGE_TOPICS['/ordering_online'] };

export function OrdersList({
  api,
  currency = 'USD',
  timeZone,
}: {
  api: OrderingOnlineApi;
  currency?: string;
  /** The storefront's zone: pickup times are the store's clock. */
  timeZone?: string;
}) {
  const { t } = useT();
  const format = useFormat(currency, timeZone);
  // Placed or moved (here, in another tab, by another user): refetched when the stream says so.
  const live = useLiveApi<{ items: BackofficeOrder[] }>(ORDERING_URL.orders, ORDERS_POLL_MS, undefined, ORDER_TOPICS);
  // An order moved on this page shows its new state at once, until the next answer brings it.
  const [moved, setMoved] = useState<Record<number, BackofficeOrder>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => setMoved({}), [live.updatedAt]);
  const orders = live.data ? live.data.items.map((o) => moved[o.dbId] ?? o) : null;
  const { reload } = live;

  const act = async (order: BackofficeOrder, action: OrderAction) => {
    setBusy(order.dbId);
    setProblem(null);
    try {
      const updated = await api.act(order.dbId, action);
      setMoved((current) => ({ ...current, [updated.dbId]: updated }));
    } catch (error) {
      setProblem(errorOf(error).message ?? t('orderingOnline.actionFailed'));
    } finally {
      setBusy(null);
      reload();
    }
  };

  if (orders === null)
    return live.error ? (
      <Alert kind="error">{t('orderingOnline.loadOrdersFailed')}</Alert>
    ) : (
      <p role="status">{t('orderingOnline.loadingOrders')}</p>
    );
  return (
    <>
      <div>
        <LiveIndicator />
        <TimeZoneNote timeZone={timeZone} className={styles.muted} />
      </div>
      {problem && <Alert kind="error">{problem}</Alert>}
      {orders.length === 0 ? (
        <p>{t('orderingOnline.noOrders')}</p>
      ) : (
        <ul className={styles.orders} aria-label={t('orderingOnline.orders')}>
          {orders.map((order) => (
            <li
              key={order.dbId}
              className={styles.order}
              aria-label={t('orderingOnline.order', { number: order.number })}
            >
              <div className={styles.orderHead}>
                <strong>
                  #{order.number} · {order.customerName}
                </strong>
                <span className={styles.status} data-status={order.status}>
                  {t(`orderingOnline.status.${order.status}`)}
                </span>
              </div>
              <span className={styles.muted}>
                {order.phone} · {t('orderingOnline.pickup', { time: format.dateTime(Date.parse(order.pickupAt)) })} ·{' '}
                {format.money(order.totalCents / 100)}
              </span>
              {order.giftCard && (
                <span className={styles.muted}>
                  {t('orderingOnline.giftCard', {
                    card: order.giftCard.last4,
                    amount: format.money(order.giftCard.amountCents / 100),
                    due: format.money(order.dueCents / 100),
                  })}
                </span>
              )}
              <ul className={styles.lines}>
                {order.lines.map((line, index) => (
                  <li key={index}>
                    {line.quantity} × {line.name}
                    {line.options.length > 0 && ` (${line.options.join(', ')})`}
                  </li>
                ))}
              </ul>
              {order.notes && <span className={styles.muted}>{t('orderingOnline.notes', { notes: order.notes })}</span>}
              <div className={styles.actions}>
                {ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].from.includes(order.status)).map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant={action === 'cancel' ? 'danger' : 'primary'}
                    disabled={busy === order.dbId}
                    aria-label={t('orderingOnline.actionLabel', {
                      action: t(`orderingOnline.actions.${action}`),
                      number: order.number,
                    })}
                    onClick={() => void act(order, action)}
                  >
                    {t(`orderingOnline.actions.${action}`)}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function OrderingOnlinePage() {
  const { t } = useT();
  const { title, breadcrumb } = usePageMeta('/ordering_online');
  const company = useCompany();
  const api = useOrderingOnlineApi();
  const [loaded, setLoaded] = useState<{ settings: OrderingSettings; storefrontPath: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api.settings().then(
      (s) => live && setLoaded({ settings: s.settings, storefrontPath: s.storefrontPath }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      description={t('orderingOnline.description')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
    >
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="ordering-settings-title">
          <h2 id="ordering-settings-title" className={styles.cardTitle}>
            {t('orderingOnline.settings')}
          </h2>
          {failed && <Alert kind="error">{t('orderingOnline.loadSettingsFailed')}</Alert>}
          {!loaded && !failed && <p role="status">{t('orderingOnline.loadingSettings')}</p>}
          {loaded && (
            <SettingsForm
              api={api}
              initial={loaded.settings}
              storefrontPath={loaded.storefrontPath}
              onSaved={(storefrontPath) => setLoaded((l) => (l ? { ...l, storefrontPath } : l))}
            />
          )}
        </section>
        <section className={styles.card} aria-labelledby="ordering-orders-title">
          <h2 id="ordering-orders-title" className={styles.cardTitle}>
            {t('orderingOnline.orders')}
          </h2>
          <OrdersList api={api} currency={company?.currency} timeZone={loaded?.settings.timezone} />
        </section>
      </div>
    </PageFrame>
  );
}

export default OrderingOnlinePage;
