import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '@hive/shared/ui';
import styles from './CheckboxGroup.module.css';

/** A fieldset of checkboxes registered under one name (react-hook-form gives an array). */
export function CheckboxGroup({
  legend,
  options,
  registration,
  error,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className={styles.group} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <CheckboxField key={option.value} label={option.label} value={option.value} {...registration} />
        ))}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
