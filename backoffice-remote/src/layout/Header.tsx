import { useTranslation } from 'react-i18next';
import { PanelLeft } from 'lucide-react';
import { BACKOFFICE_DEFAULT_NAMESPACE, PRODUCT_NAME } from '@hive/shared/config';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';
import styles from './Layout.module.css';

export interface HeaderProps {
  email: string;
  companyName: string | null;
  /** The company's logo (Settings › General information), beside its name. */
  logoUrl?: string | null;
  sidebarId: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
}

export function Header({ email, companyName, logoUrl, sidebarId, sidebarExpanded, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.toggle}
        aria-controls={sidebarId}
        aria-expanded={sidebarExpanded}
        aria-label={t('layout.toggleSidebar')}
        title={t('layout.toggleSidebar')}
        onClick={onToggleSidebar}
      >
        <PanelLeft size={20} aria-hidden="true" />
      </button>
      <span className={styles.brand}>
        <Logo />
        <span className={styles.product}>{PRODUCT_NAME}</span>
      </span>
      {companyName && (
        <span className={styles.company} data-testid="backoffice-company">
          {/* Decorative: the name beside it says whose it is. */}
          {logoUrl && <img className={styles.companyLogo} src={logoUrl} alt="" />}
          {companyName}
        </span>
      )}
      <span className={styles.spacer} />
      <UserMenu email={email} companyName={companyName} />
    </header>
  );
}
