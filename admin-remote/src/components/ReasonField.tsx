import { useTranslation } from 'react-i18next';
import { REASON_LIMITS } from '@hive/shared/schemas/admin';
import { TextAreaField, type TextAreaFieldProps } from '@hive/shared/ui';

/**
 * The reason of a staff action: its length limits said under the field before anything is typed
 * (the field's hint, read with it), not only once a short one is refused.
 */
export function ReasonField(props: Omit<TextAreaFieldProps, 'hint' | 'required'>) {
  const { t } = useTranslation('login');
  return (
    <TextAreaField
      rows={3}
      required
      hint={t('common.reasonHint', { min: REASON_LIMITS.min, max: REASON_LIMITS.max })}
      {...props}
    />
  );
}
