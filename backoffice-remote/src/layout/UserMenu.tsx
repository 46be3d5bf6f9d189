import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, LogOut, UserRound } from 'lucide-react';
import { BACKOFFICE_DEFAULT_NAMESPACE, LANGUAGES } from '@hive/shared/config';
import { useSession, useShell } from '@hive/shared/shell-contract';
import { Breakable } from '@hive/shared/ui';
import styles from './Layout.module.css';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

export interface UserMenuProps {
  email: string;
  companyName: string | null;
}

/**
 * A disclosure (button + panel): who is signed in, the language switch and logout. Escape or a
 * click outside closes it and focus returns to the button.
 */
export function UserMenu({ email, companyName }: UserMenuProps) {
  const { t, i18n } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const { changeLanguage } = useShell();
  const { logout } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={styles.userMenu}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.userButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('layout.userMenu', { email })}
        onClick={() => setOpen((value) => !value)}
      >
        <UserRound size={18} aria-hidden="true" />
        <span className={styles.userEmail} data-testid="backoffice-user">
          {email}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <div id={panelId} className={styles.userPanel} hidden={!open}>
        <p className={styles.userPanelWho}>
          {t('layout.signedInAs')}
          <strong>
            <Breakable text={email} />
          </strong>
          {companyName && <span>{companyName}</span>}
        </p>
        <div role="group" aria-labelledby={`${panelId}-lang`} className={styles.languages}>
          <span id={`${panelId}-lang`} className={styles.panelHeading}>
            {t('layout.language')}
          </span>
          {LANGUAGES.map((lng) => (
            <button
              key={lng}
              type="button"
              lang={lng}
              className={styles.panelButton}
              aria-pressed={current === lng}
              onClick={() => void changeLanguage(lng)}
            >
              <span>{LANGUAGE_NAMES[lng] ?? lng}</span>
              {current === lng && <Check size={16} aria-hidden="true" />}
            </button>
          ))}
        </div>
        <button type="button" className={styles.panelButton} onClick={() => void logout()}>
          <span>{t('menu.logout')}</span>
          <LogOut size={16} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
