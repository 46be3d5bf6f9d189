import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { useSession } from '@hive/shared/shell-contract';
import { selectUser, useAppSelector } from '@hive/shared/store';
import { FullScreenLoader, ToastProvider } from '@hive/shared/ui';
import { StaffArea } from './app';
import { AdminLogin } from './login';
import styles from './App.module.css';

/**
 * The admin console (issue 6), rendered by the shell for /admin and /admin/* inside its router,
 * store and providers. Platform staff get the console; everyone else the staff sign-in (which
 * refuses merchant accounts). The shell does not guard /admin: this is the guard.
 */
export default function App() {
  const { t, i18n, ready } = useTranslation(ADMIN_DEFAULT_NAMESPACE);
  const { status } = useSession();
  const user = useAppSelector(selectUser);

  useEffect(() => {
    void i18n.loadNamespaces(ADMIN_DEFAULT_NAMESPACE);
  }, [i18n]);

  if (!ready || status === 'loading') return <FullScreenLoader text="Loading" />;
  return (
    <ToastProvider closeLabel={t('common.dismiss')}>
      <div className={styles.root} data-area="admin">
        {status === 'authenticated' && user?.admin ? <StaffArea user={user} /> : <AdminLogin />}
      </div>
    </ToastProvider>
  );
}
