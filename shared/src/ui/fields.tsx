import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Search } from 'lucide-react';
import styles from './fields.module.css';

/*
 * Form fields for react-hook-form: spread `register('name')` into them (name, onChange, onBlur,
 * ref) and pass `error={errors.name?.message}`. Each field wires its label, hint and error to the
 * control (label/for, aria-invalid, aria-describedby), so screen readers read the message.
 */

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message; marks the control invalid. */
  error?: string;
  required?: boolean;
  className?: string;
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const auto = useId();
  const controlId = id ?? `field-${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function Chrome({
  label,
  hint,
  error,
  required,
  className,
  controlId,
  hintId,
  errorId,
  children,
}: FieldChrome & { controlId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
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
    </div>
  );
}

export interface TextFieldProps extends FieldChrome, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, required, className, id, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Chrome {...{ label, hint, error, required, className }} {...ids}>
      <input
        ref={ref}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...input}
      />
    </Chrome>
  );
}

export interface ColorFieldProps extends TextFieldProps {
  /** The current value, previewed in a swatch next to the input. */
  swatch?: string;
}

/** A `#rrggbb` text input with a live preview swatch. */
export function ColorField({ label, hint, error, required, className, id, ref, swatch, ...input }: ColorFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const valid = typeof swatch === 'string' && /^#[0-9a-fA-F]{6}$/.test(swatch);
  return (
    <Chrome {...{ label, hint, error, required, className }} {...ids}>
      <div className={styles.colorRow}>
        <span
          className={styles.swatch}
          aria-hidden="true"
          style={{ background: valid ? swatch : 'repeating-linear-gradient(45deg,#fff 0 4px,#e5e7eb 4px 8px)' }}
        />
        <input
          ref={ref}
          id={ids.controlId}
          className={styles.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          {...input}
        />
      </div>
    </Chrome>
  );
}

export interface TextAreaFieldProps
  extends FieldChrome, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, error, required, className, id, ref, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Chrome {...{ label, hint, error, required, className }} {...ids}>
      <textarea
        ref={ref}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...textarea}
      />
    </Chrome>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldChrome, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  options: readonly SelectOption[];
  /** A first, empty option (e.g. "No category"). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ref,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Chrome {...{ label, hint, error, required, className }} {...ids}>
      <select
        ref={ref}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}

export interface CheckboxFieldProps
  extends Omit<FieldChrome, 'required'>, Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> {
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, hint, error, className, id, ref, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={[styles.check, className].filter(Boolean).join(' ')}>
      <label className={styles.checkRow} htmlFor={ids.controlId}>
        <input
          ref={ref}
          id={ids.controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** Accessible name, e.g. "Search items". */
  label: string;
  className?: string;
}

/** A search box with an icon; its label is the accessible name (role "searchbox"). */
export function SearchField({ label, className, ...input }: SearchFieldProps) {
  return (
    <div className={[styles.search, className].filter(Boolean).join(' ')}>
      <Search size={16} aria-hidden="true" />
      <input type="search" aria-label={label} className={styles.control} autoComplete="off" {...input} />
    </div>
  );
}
