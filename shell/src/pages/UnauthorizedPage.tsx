import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage title={t('unauthorized.title')} action={{ to: '/', label: t('unauthorized.home') }}>
      <p>{t('unauthorized.body')}</p>
    </StatusPage>
  );
}
