import { useId, type ReactNode, type Ref } from 'react';
import { CheckboxField } from '@hive/shared/ui';
import styles from './components.module.css';

export interface CheckboxListProps<V extends string | number> {
  legend: string;
  options: readonly { value: V; label: ReactNode }[];
  /** The checked values, in any order. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  hint?: ReactNode;
  error?: string;
  /** Shown instead of the boxes when there is nothing to choose. */
  empty?: ReactNode;
  /** The first box (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** A long list scrolls inside its own box, so the legend, the hint and the message stay in view. */
  scroll?: boolean;
}

/**
 * A group of checkboxes for a list of values (tax rates of an item, days of a schedule...), as a
 * controlled field: give it react-hook-form's Controller `field.value` / `field.onChange`. The
 * legend names the group; the hint and the message are read with it.
 */
export function CheckboxList<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  hint,
  error,
  empty,
  ref,
  disabled,
  scroll,
}: CheckboxListProps<V>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const toggle = (option: V, checked: boolean) => {
    const next = value.filter((v) => v !== option);
    onChange(checked ? [...next, option] : next);
  };
  return (
    <fieldset
      className={styles.group}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {options.length === 0 && empty ? (
        <div className={styles.groupEmpty}>{empty}</div>
      ) : (
        <div className={scroll ? `${styles.options} ${styles.optionsScroll}` : styles.options}>
          {options.map((option, index) => (
            <CheckboxField
              key={String(option.value)}
              ref={index === 0 ? ref : undefined}
              label={option.label}
              checked={value.includes(option.value)}
              disabled={disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
          ))}
        </div>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
