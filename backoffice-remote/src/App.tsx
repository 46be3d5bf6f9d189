import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { FullScreenLoader, ToastProvider } from '@hive/shared/ui';
import { BackofficeRoutes } from './app';
import { useBackofficeUi } from './state';

/**
 * The back-office remote (`backoffice/App`): rendered by the shell for every path it does not own,
 * inside the shell's router, store, i18n and ShellProvider. It adds its UI slice to the store and
 * waits for its texts ('common') so no key ever flashes on screen.
 */
export default function App() {
  const uiReady = useBackofficeUi();
  const { t, ready } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  if (!uiReady || !ready) return <FullScreenLoader text={t('shell:loading', { defaultValue: 'Loading' })} />;
  return (
    <ToastProvider closeLabel={t('common.dismiss')}>
      <BackofficeRoutes />
    </ToastProvider>
  );
}
