import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import styles from './FormDialog.module.css';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** Fields; the dialog is the form (Enter submits). */
  children: ReactNode;
  /** A form-level message (e.g. an Alert for a conflict). */
  problem?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  busy?: boolean;
  danger?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal form (role dialog): focus starts on the first field, Tab stays inside, Escape and the
 * backdrop cancel, and focus returns to the opener on close. (ConfirmDialog is the yes/no one.)
 */
export function FormDialog({
  open,
  title,
  children,
  problem,
  submitLabel,
  cancelLabel,
  busy = false,
  danger = false,
  onSubmit,
  onCancel,
}: FormDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first =
      ref.current?.querySelector<HTMLElement>('input, select, textarea') ??
      ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <form
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.dialog}
        onKeyDown={onKeyDown}
        onSubmit={onSubmit}
        noValidate
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {problem}
        <div className={styles.fields}>{children}</div>
        <div className={styles.buttons}>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
