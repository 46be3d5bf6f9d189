import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { SESSION_WARNING_UPDATE_THRESHOLD_MS, SHELL_NAMESPACE } from '@hive/shared/config';
import styles from './SessionWarningDialog.module.css';

export interface SessionWarningTexts {
  title: string;
  /** `{{time}}` is replaced by the mm:ss countdown. */
  body: string;
  extend: string;
  logout: string;
  extending: string;
  extendFailed: string;
}

/** English fallbacks, used when the `shell` namespace lacks a key (keys: `sessionWarning.<name>`). */
export const SESSION_WARNING_DEFAULT_TEXTS: SessionWarningTexts = Object.freeze({
  title: 'Your session is about to expire',
  body: 'For your security you will be signed out in {{time}}. Do you want to keep working?',
  extend: 'Extend session',
  logout: 'Log out',
  extending: 'Extending…',
  extendFailed: 'The session could not be extended. Try again.',
});

/** mm:ss, rounded up to the second (00:01 until the time is really over), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil((Number.isFinite(ms) ? ms : 0) / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** From the expiry timestamp when there is one (the published value moves only every check). */
function remainingOf(remainingMs: number, expiresAt: number | null, now: () => number): number {
  return expiresAt === null ? remainingMs : Math.max(0, expiresAt - now());
}

export interface SessionWarningDialogProps {
  /** The published remaining time (moves in > 5 s steps). */
  remainingMs: number;
  /** With it, the display follows this timestamp (under the > 5 s rule) between published updates. */
  expiresAt?: number | null;
  /** "Extend session" and Escape. A result of false or a rejection shows the failure text. */
  onExtend: () => unknown;
  onLogout: () => unknown;
  /** Overrides of the translated texts. */
  texts?: Partial<SessionWarningTexts>;
  now?: () => number;
}

/**
 * The session warning (issue 4 item 4): a modal `alertdialog`, labelled by its title and described
 * by its text, focus on "Extend session" when it opens (and back where it was when it closes), Tab
 * kept inside. Escape means "keep working": it extends the session, so it never dismisses the
 * warning silently. Texts: `useTranslation('shell')`, keys `sessionWarning.*`.
 */
export function SessionWarningDialog({
  remainingMs,
  expiresAt = null,
  onExtend,
  onLogout,
  texts,
  now = Date.now,
}: SessionWarningDialogProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const titleId = useId();
  const bodyId = useId();
  const extendRef = useRef<HTMLButtonElement>(null);
  const logoutRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [shownMs, setShownMs] = useState(() => remainingOf(remainingMs, expiresAt, now));

  // SPEC.md 4: the shown time updates only when the remaining time differs from it by more than
  // 5 s. Looked at every second from the expiry timestamp (never by counting ticks); React skips
  // the render when the state is unchanged.
  useEffect(() => {
    const update = () => {
      const next = remainingOf(remainingMs, expiresAt, now);
      setShownMs((shown) => (Math.abs(next - shown) > SESSION_WARNING_UPDATE_THRESHOLD_MS ? next : shown));
    };
    update();
    if (expiresAt === null) return undefined;
    const id = setInterval(update, 1000);
    return () => clearInterval(id);
  }, [expiresAt, remainingMs, now]);

  useEffect(() => {
    mounted.current = true;
    const previous = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
    extendRef.current?.focus();
    return () => {
      mounted.current = false;
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, []);

  const text = (name: keyof SessionWarningTexts, time?: string): string => {
    const override = texts?.[name];
    if (override !== undefined) return time === undefined ? override : override.split('{{time}}').join(time);
    return t(`sessionWarning.${name}`, { defaultValue: SESSION_WARNING_DEFAULT_TEXTS[name], time });
  };

  const time = formatCountdown(shownMs);

  const extend = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    let ok = true;
    try {
      ok = (await onExtend()) !== false;
    } catch {
      ok = false;
    }
    if (!mounted.current) return;
    setBusy(false);
    setFailed(!ok);
    if (!ok) extendRef.current?.focus();
  }, [busy, onExtend]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      void extend();
      return;
    }
    if (event.key === 'Tab') {
      const order = [extendRef.current, logoutRef.current].filter(
        (el): el is HTMLButtonElement => !!el && !el.disabled,
      );
      if (order.length === 0) {
        event.preventDefault();
        return;
      }
      const index = order.indexOf(document.activeElement as HTMLButtonElement);
      const next = event.shiftKey
        ? index <= 0
          ? order.length - 1
          : index - 1
        : index === -1 || index === order.length - 1
          ? 0
          : index + 1;
      event.preventDefault();
      order[next]?.focus();
    }
  };

  const dialog = (
    <div className={styles.backdrop}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-busy={busy || undefined}
        className={styles.dialog}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {text('title')}
        </h2>
        <p id={bodyId} className={styles.body}>
          {text('body', time)}
        </p>
        {failed && (
          <p role="alert" className={styles.error}>
            {text('extendFailed')}
          </p>
        )}
        <div className={styles.actions}>
          <button
            ref={extendRef}
            type="button"
            className={styles.primary}
            onClick={() => void extend()}
            aria-disabled={busy || undefined}
          >
            {busy ? text('extending') : text('extend')}
          </button>
          <button ref={logoutRef} type="button" className={styles.secondary} onClick={() => void onLogout()}>
            {text('logout')}
          </button>
        </div>
      </div>
    </div>
  );
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
