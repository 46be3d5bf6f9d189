import { useTranslation } from 'react-i18next';
import { isAxiosError } from '@hive/shared/http';

/**
 * The form-level sentence for a failed request of an auth page: too many attempts (429), the
 * server unreachable, or a generic failure. Pages handle their own 400s (field messages, a used
 * link) before falling back to this.
 */
export function useRequestError(): (err: unknown) => string {
  const { t } = useTranslation('shell');
  return (err: unknown) => {
    const res = isAxiosError(err) ? err.response : undefined;
    if (res?.status === 429) return t('auth.errors.tooMany');
    return t(res ? 'login.errors.generic' : 'login.errors.Network');
  };
}
