import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { API_PATHS, ROUTES } from '@hive/shared/config';
import { isAxiosError } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';
import { AuthForm, useRequestError } from '../authForm';

/**
 * `/authentication/activate?token=`: the link of the sign-up e-mail. Activation waits for a click
 * (a mail scanner that follows the link activates nothing), then the owner signs in.
 */
export function ActivatePage() {
  const { t } = useTranslation('shell');
  const http = useHttp();
  const describe = useRequestError();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(token ? null : t('activate.invalidToken'));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      await http.post(API_PATHS.activate, { token });
      setDone(true);
    } catch (err) {
      const used = isAxiosError(err) && err.response?.status === 400;
      setFormError(used ? t('activate.invalidToken') : describe(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      id="activate"
      title={t('activate.title')}
      error={formError}
      notice={done ? t('activate.done') : null}
      submitLabel={done || !token ? undefined : t('activate.submit')}
      busy={busy}
      onSubmit={onSubmit}
      footer={<Link to={ROUTES.login}>{done ? t('activate.signIn') : t('resetpass.backToLogin')}</Link>}
    >
      {!done && token ? <p>{t('activate.intro')}</p> : null}
    </AuthForm>
  );
}
