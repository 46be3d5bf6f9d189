import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '@hive/shared/config';
import { StatusPage } from './StatusPage';

/** `/authentication/error`: an auth library code as a sentence a person can act on. */
export function AuthErrorPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const code = params.get('error') ?? 'Default';
  return (
    <StatusPage title={t('authError.title')} action={{ to: ROUTES.login, label: t('authError.back') }}>
      <p>{t(`authError.codes.${code}`, { defaultValue: t('authError.codes.Default') })}</p>
    </StatusPage>
  );
}
