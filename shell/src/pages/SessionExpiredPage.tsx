import { useTranslation } from 'react-i18next';
import { ROUTES } from '@hive/shared/config';
import { StatusPage } from './StatusPage';

export function SessionExpiredPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage title={t('sessionExpired.title')} action={{ to: ROUTES.login, label: t('sessionExpired.signIn') }}>
      <p>{t('sessionExpired.body')}</p>
    </StatusPage>
  );
}
