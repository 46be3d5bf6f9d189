import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RELEASE_LIMITS } from '@hive/shared/schemas/releases';
import { FormDialog, TextAreaField } from '@hive/shared/ui';

/**
 * Promote or roll back, confirmed: what will happen, and an optional reason that the history
 * keeps ("why"). Enter or the button confirms; Cancel and Escape leave everything as it is.
 */
export function ActionDialog({
  title,
  message,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('login');
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > RELEASE_LIMITS.reasonMax;
  return (
    <FormDialog
      open
      title={title}
      submitLabel={confirmLabel}
      cancelLabel={t('common.cancel')}
      danger={danger}
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onConfirm(reason.trim());
      }}
      onCancel={onCancel}
    >
      <p>{message}</p>
      <TextAreaField
        label={t('releases.reason')}
        hint={t('releases.reasonHint', { max: RELEASE_LIMITS.reasonMax })}
        rows={2}
        value={reason}
        error={tooLong ? t('releases.validation.reason') : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
