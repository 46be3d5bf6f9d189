import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PICKUP_MESSAGES, type CheckoutFields, type StoreMenu, type StoreProfile } from '@hive/shared/schemas/ordering';
import { errorResponse, useOrderingApi } from '../api';
import { useCart } from '../cart';
import { CartPanel, promotionsOf } from '../components/CartPanel';
import { CheckoutForm, type CheckoutFieldName } from '../components/CheckoutForm';
import { GiftCardField } from '../components/GiftCardField';
import { money } from '../format';
import { StoreGate } from '../components/StoreGate';
import styles from '../ordering.module.css';

export function CheckoutPage({ slug }: { slug: string }) {
  return <StoreGate slug={slug}>{(profile) => <CheckoutView slug={slug} profile={profile} />}</StoreGate>;
}

const FIELDS: CheckoutFieldName[] = ['name', 'phone', 'pickupAt', 'notes'];

function CheckoutView({ slug, profile }: { slug: string; profile: StoreProfile }) {
  const { t, i18n } = useTranslation('ordering');
  const api = useOrderingApi();
  const cart = useCart(slug);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [giftCard, setGiftCard] = useState('');
  // The menu's promotions, so the cart here shows what the order will get.
  const [menu, setMenu] = useState<StoreMenu | null>(null);
  useEffect(() => {
    let live = true;
    api.menu(slug).then(
      (m) => live && setMenu(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, slug]);
  const [giftCardError, setGiftCardError] = useState<string | null>(null);

  const submit = async (values: CheckoutFields) => {
    setProblem(null);
    setGiftCardError(null);
    try {
      const order = await api.createOrder(slug, {
        ...values,
        lines: cart.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, modifierIds: l.modifierIds })),
        ...(giftCard.trim() === '' ? {} : { giftCardNumber: giftCard }),
      });
      cart.clear();
      navigate(`/ordering/${slug}/orders/${order.id}`);
      return undefined;
    } catch (error) {
      const response = errorResponse(error);
      const fields = response?.status === 400 ? (response.body.fields ?? {}) : {};
      const mine: Partial<Record<CheckoutFieldName, string>> = {};
      for (const name of FIELDS) if (fields[name]) mine[name] = fields[name];
      // The server words pickup problems like the shared rule: map them back to their code.
      const pickup = Object.entries(PICKUP_MESSAGES).find(([, text]) => text === fields.pickupAt);
      if (pickup) mine.pickupAt = pickup[0];
      if (fields.giftCardNumber) setGiftCardError(t('giftCard.refused', { reason: fields.giftCardNumber }));
      const other = Object.keys(fields).filter(
        (f) => f !== 'giftCardNumber' && !FIELDS.includes(f as CheckoutFieldName),
      );
      // A line the menu no longer sells as it is (an item gone, its modifiers changed): name it.
      const line = other.map((f) => /^lines\.(\d+)\./.exec(f)).find(Boolean);
      const changed = line ? cart.lines[Number(line[1])] : undefined;
      if (changed) setProblem(t('checkout.errors.line', { name: changed.name }));
      else if (other.length > 0) setProblem(t('checkout.errors.lines'));
      else if (Object.keys(mine).length === 0 && !fields.giftCardNumber)
        setProblem(response?.body.message ?? t('checkout.failed'));
      return mine;
    }
  };

  return (
    <div className={styles.checkout}>
      <p>
        <Link to={`/ordering/${slug}`}>← {t('checkout.back')}</Link>
      </p>
      <h1 id="ordering-checkout-title" className={styles.title}>
        {t('checkout.title')}
      </h1>
      <CartPanel
        cart={cart}
        currency={profile.currency}
        promotions={menu ? promotionsOf(menu, profile.timezone) : undefined}
      />
      <p className={styles.muted}>{t('checkout.totalNote')}</p>
      {problem && (
        <p role="alert" className={styles.alert}>
          {problem}
        </p>
      )}
      {cart.lines.length === 0 ? (
        <p>{t('checkout.emptyCart')}</p>
      ) : (
        <CheckoutForm
          rule={profile}
          onSubmit={submit}
          extra={
            <GiftCardField
              value={giftCard}
              onChange={setGiftCard}
              error={giftCardError}
              check={(number) => api.giftCard(slug, number)}
              format={(cents) => money(cents, profile.currency, i18n.language)}
            />
          }
        />
      )}
    </div>
  );
}
