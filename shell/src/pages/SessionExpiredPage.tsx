import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { consumeExpiredFlag } from '../session';
import { ROUTES } from '@hive/shared/config';
import { StatusPage } from './StatusPage';

export function SessionExpiredPage() {
  const { t } = useTranslation('shell');
  // Shown once per expiry: the next visit to `/` goes to the sign-in page.
  useEffect(() => {
    consumeExpiredFlag();
  }, []);
  return (
    <StatusPage title={t('sessionExpired.title')} action={{ to: ROUTES.login, label: t('sessionExpired.signIn') }}>
      <p>{t('sessionExpired.body')}</p>
    </StatusPage>
  );
}
