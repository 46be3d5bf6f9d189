// First: zod's settings must be in place before any module below builds a schema.
import './zodConfig';
import { useEffect, useState } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOptionalShell } from '@hive/shared/shell-contract';
import { Frame, Notice } from './components/Frame';
import { CheckoutPage } from './pages/CheckoutPage';
import { OrderPage } from './pages/OrderPage';
import { StorePage } from './pages/StorePage';
import styles from './ordering.module.css';

export const ORDERING_NAMESPACE = 'ordering';

function Store() {
  const { slug = '' } = useParams();
  return <StorePage key={slug} slug={slug.toLowerCase()} />;
}
function Checkout() {
  const { slug = '' } = useParams();
  return <CheckoutPage key={slug} slug={slug.toLowerCase()} />;
}
function Order() {
  const { slug = '', id = '' } = useParams();
  return <OrderPage key={`${slug}/${id}`} slug={slug.toLowerCase()} id={id} />;
}
function NoStore() {
  const { t } = useTranslation(ORDERING_NAMESPACE);
  return (
    <Frame>
      <Notice title={t('notFound.title')}>{t('notFound.body')}</Notice>
    </Frame>
  );
}

/** The public storefront under /ordering/* (no session handling): routes relative to the shell's. */
export default function App() {
  const shell = useOptionalShell();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const i18n = shell?.i18n;
    if (!i18n) {
      setReady(true);
      return;
    }
    i18n.loadNamespaces(ORDERING_NAMESPACE).then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [shell]);
  // Out of the flow (visually hidden): an in-flow line here would push the page when the store replaces it.
  if (!ready)
    return (
      <p role="status" className={styles.visuallyHidden}>
        Loading
      </p>
    );
  return (
    <Routes>
      <Route path=":slug" element={<Store />} />
      <Route path=":slug/checkout" element={<Checkout />} />
      <Route path=":slug/orders/:id" element={<Order />} />
      <Route path="*" element={<NoStore />} />
    </Routes>
  );
}
