import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** Icon shown before the text (decorative). */
  icon?: ReactNode;
  /** Show only the icon; `children` becomes the accessible name (visually hidden). */
  iconOnly?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The one button of the UI kit: type="button" unless told otherwise (no accidental submits). */
export function Button({
  variant = 'secondary',
  size = 'normal',
  icon,
  iconOnly = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        styles.button,
        styles[variant],
        size === 'small' && styles.small,
        iconOnly && styles.iconOnly,
        className,
      )}
      {...rest}
    >
      {icon}
      {iconOnly ? <span className={styles.visuallyHidden}>{children}</span> : children}
    </button>
  );
}

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}

export { cx };
