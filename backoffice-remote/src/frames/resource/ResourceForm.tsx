import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, Button } from '@hive/shared/ui';
import { API, fieldErrors } from '../../api';
import { useT } from '../../i18n';
import { useFailureMessage } from './ResourcePage';
import styles from './resource.module.css';

/**
 * Saves a form's values: POST for a new record, PUT for an existing one. Field messages from the
 * server (a 409 duplicate, or a 400 the browser could not foresee) land on their fields, in the
 * user's language when the resource has a text for them (`<prefix>.conflict.<field>`).
 */
export function useSaveRecord<T, V extends FieldValues>(options: {
  endpoint: string;
  prefix: string;
  record?: T & { id: number };
  setError: UseFormSetError<V>;
  onSaved: (saved: T, created: boolean) => void | Promise<void>;
  /** Another request than POST `<endpoint>` / PUT `<endpoint>/<id>` (e.g. a single record). */
  send?: (values: unknown) => Promise<T>;
}) {
  const { t } = useT();
  const http = useHttp();
  const failure = useFailureMessage(options.prefix);
  const [formError, setFormError] = useState<string | null>(null);
  const { endpoint, prefix, record, setError, onSaved, send } = options;

  const save = async (values: unknown) => {
    setFormError(null);
    let saved: T;
    try {
      if (send) saved = await send(values);
      else if (record) saved = (await http.put<T>(`${API}/${endpoint}/${record.id}`, values)).data;
      else saved = (await http.post<T>(`${API}/${endpoint}`, values)).data;
    } catch (error) {
      const fields = Object.entries(fieldErrors(error));
      if (fields.length === 0) {
        setFormError(failure(error));
        return;
      }
      fields.forEach(([field, message], index) => {
        // The server's English text is the fallback when the resource has no text of its own.
        const text = t(`${prefix}.conflict.${field}`, { defaultValue: message });
        setError(field as Path<V>, { type: 'server', message: text }, { shouldFocus: index === 0 });
      });
      return;
    }
    await onSaved(saved, !record);
  };
  return { save, formError };
}

export interface FormShellProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitting: boolean;
  /** A failure that belongs to no field (server unreachable...). */
  formError: string | null;
  /** Accessible name of the form. */
  label: string;
  children: ReactNode;
}

/** The frame of every create/edit form: fields, a form-level error, Save and Cancel. */
export function FormShell({ onSubmit, onCancel, submitting, formError, label, children }: FormShellProps) {
  const { t } = useT();
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      <p className={styles.requiredNote}>{t('form.requiredNote')}</p>
      {formError && <Alert kind="error">{formError}</Alert>}
      {children}
      <div className={styles.formButtons}>
        <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? t('form.saving') : t('form.save')}
        </Button>
        <Button onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

export { styles as formStyles };
