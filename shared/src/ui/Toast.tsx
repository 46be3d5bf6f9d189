import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import styles from './Toast.module.css';

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

const ICONS = { error: XCircle, success: CheckCircle2, info: Info, warning: AlertTriangle } as const;

export interface AlertProps {
  kind?: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
  /** e.g. a "Try again" button. */
  action?: ReactNode;
  className?: string;
}

/**
 * An inline message. Errors and warnings are announced at once (role alert); success and info
 * politely (role status).
 */
export function Alert({ kind = 'info', title, children, action, className }: AlertProps) {
  const Icon = ICONS[kind];
  return (
    <div
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      className={[styles.alert, styles[kind], className].filter(Boolean).join(' ')}
    >
      <Icon size={18} aria-hidden="true" />
      <div className={styles.body}>
        {title && <strong className={styles.title}>{title}</strong>}
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

export interface ToastOptions {
  kind?: AlertKind;
  message: ReactNode;
  /** Milliseconds before it goes by itself; 0 keeps it until closed. Default 5000 (errors 8000). */
  duration?: number;
}

interface ToastEntry extends Required<Omit<ToastOptions, 'duration'>> {
  id: number;
  duration: number;
}

export interface ToastApi {
  show(options: ToastOptions): number;
  success(message: ReactNode): number;
  error(message: ReactNode): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

function ToastItem({
  toast,
  onDismiss,
  closeLabel,
}: {
  toast: ToastEntry;
  onDismiss: (id: number) => void;
  closeLabel: string;
}) {
  const { id, duration } = toast;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = setTimeout(() => onDismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, duration, onDismiss]);
  const onClose = () => onDismiss(id);
  const Icon = ICONS[toast.kind];
  return (
    <div className={[styles.alert, styles[toast.kind], styles.toast].join(' ')}>
      <Icon size={18} aria-hidden="true" />
      <div className={styles.body}>{toast.message}</div>
      <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Transient messages ("Item saved"). The live regions exist before any toast is shown, so screen
 * readers announce what is added: errors in an alert region, the rest in a polite status region.
 */
export function ToastProvider({ children, closeLabel = 'Dismiss' }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    const kind = options.kind ?? 'info';
    const duration = options.duration ?? (kind === 'error' ? 8000 : 5000);
    // At most five at once: the oldest go first.
    setToasts((list) => [...list.slice(-4), { id, kind, message: options.message, duration }]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message) => show({ kind: 'success', message }),
      error: (message) => show({ kind: 'error', message }),
      dismiss,
    }),
    [show, dismiss],
  );
  const render = (urgent: boolean) =>
    toasts
      .filter((t) => (t.kind === 'error' || t.kind === 'warning') === urgent)
      .map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} closeLabel={closeLabel} />);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region}>
        <div role="status" aria-live="polite" className={styles.stack}>
          {render(false)}
        </div>
        <div role="alert" aria-live="assertive" className={styles.stack}>
          {render(true)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>.');
  return api;
}
