import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreProfile } from '@hive/shared/schemas/ordering';
import { useFirstScreenTakeover } from '../firstScreen';
import { useStoreProfile } from './useStore';
import { Frame, Notice } from './Frame';
import styles from '../ordering.module.css';

/**
 * Loads the store and renders `children` only for a store that takes orders; an unknown store or one
 * that does not take orders gets a clear page (never an error screen).
 */
export function StoreGate({ slug, children }: { slug: string; children(profile: StoreProfile): ReactNode }) {
  const { t } = useTranslation('ordering');
  const { state, retry } = useStoreProfile(slug);
  const storeName = state.kind === 'ready' ? state.profile.name : null;
  // The server sends each store's page titled "<store> · Online ordering"; the same after a move
  // from one store to another in the app, or a language change.
  const area = t('title');
  // A notice instead of the store (it stopped taking orders, or cannot be loaded) replaces the
  // server's first screen at once; the store's own page does when its menu is in.
  useFirstScreenTakeover(state.kind !== 'loading' && !(state.kind === 'ready' && state.profile.takingOrders));
  useEffect(() => {
    if (storeName) document.title = `${storeName} · ${area}`;
  }, [storeName, area]);
  if (state.kind === 'loading') {
    return (
      <Frame>
        <p role="status">{t('loading')}</p>
      </Frame>
    );
  }
  if (state.kind === 'not_found') {
    return (
      <Frame>
        <Notice title={t('notFound.title')}>{t('notFound.body')}</Notice>
      </Frame>
    );
  }
  if (state.kind === 'error') {
    return (
      <Frame>
        <Notice
          title={t('title')}
          action={
            <button type="button" className={styles.primary} onClick={retry}>
              {t('retry')}
            </button>
          }
        >
          {t('loadError')}
        </Notice>
      </Frame>
    );
  }
  const { profile } = state;
  if (!profile.takingOrders) {
    return (
      <Frame storeName={profile.name}>
        <Notice title={t('closed.title', { name: profile.name })}>{t('closed.body')}</Notice>
      </Frame>
    );
  }
  return <Frame storeName={profile.name}>{children(profile)}</Frame>;
}
