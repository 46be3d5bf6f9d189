import { useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import type { Business } from '@hive/shared/schemas/backoffice/settings';
import { Button, ConfirmDialog, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useSettingsApi } from '../api';
import { readLogo } from './logo';
import styles from './general-info.module.css';

/**
 * The logo: uploaded as soon as it is chosen (checked here as on the server: PNG, JPEG or WebP by
 * content, at most 1 MB), removed after a confirmation. It shows in the header and on receipts.
 */
export function LogoField({ business, onChange }: { business: Business; onChange: (next: Business | null) => void }) {
  const { t } = useAreaT('settings');
  const api = useSettingsApi();
  const toast = useToast();
  const failure = useFailureMessage('settings:business');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const read = await readLogo(file);
    if (inputRef.current) inputRef.current.value = '';
    if (!read.ok) {
      setError(t(`business.logoProblems.${read.problem}`));
      return;
    }
    setBusy(true);
    try {
      onChange(await api.uploadLogo({ image: read.base64 }));
      toast.success(t('business.logoSaved'));
    } catch (problem) {
      const field = fieldErrors(problem).image;
      setError(field ? t('business.logoProblems.refused', { reason: field }) : failure(problem));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api.removeLogo();
      onChange(null);
      toast.success(t('business.logoRemoved'));
    } catch (problem) {
      toast.error(failure(problem));
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.logoField}>
      <span className={styles.logoLabel} id={`${id}-label`}>
        {t('business.fields.logo')}
      </span>
      <div className={styles.logoRow}>
        <div className={styles.logoBox}>
          {business.logo ? (
            <img src={business.logo.url} alt={t('business.logoAlt', { name: business.tradingName })} />
          ) : (
            <span className={styles.logoNone}>{t('business.noLogo')}</span>
          )}
        </div>
        <div className={styles.logoActions}>
          <label className={styles.uploadButton} htmlFor={`${id}-file`} aria-disabled={busy || undefined}>
            <ImageUp size={16} aria-hidden="true" />
            {business.logo ? t('business.replaceLogo') : t('business.uploadLogo')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            className={styles.fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          {business.logo && (
            <Button
              size="small"
              icon={<Trash2 size={16} aria-hidden="true" />}
              disabled={busy}
              onClick={() => setRemoving(true)}
            >
              {t('business.removeLogo')}
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className={styles.hint}>
        {t('business.hints.logo')}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={removing}
        title={t('business.removeLogoTitle')}
        message={t('business.removeLogoMessage')}
        confirmLabel={t('business.removeLogo')}
        cancelLabel={t('common:common.cancel')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </div>
  );
}
