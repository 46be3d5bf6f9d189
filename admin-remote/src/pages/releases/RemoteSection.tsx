import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, useToast } from '@hive/shared/ui';
import { ActionDialog } from './ActionDialog';
import { useReleasesApi } from './api';
import { CanaryDialog } from './CanaryDialog';
import { releaseProblem } from './format';
import { HealthPanel } from './HealthPanel';
import { History } from './History';
import { ReleaseCard } from './ReleaseCard';
import type { ReleaseJson, RemoteReleases } from './types';
import styles from './releases.module.css';

type Dialog = { kind: 'promote' | 'rollback' | 'canary'; release: ReleaseJson } | null;

/** The release that a rollback of the active one brings back: the newest retired. */
export function previousRelease(releases: ReleaseJson[]): ReleaseJson | null {
  return (
    releases
      .filter((r) => r.state === 'retired')
      .sort((a, b) => Date.parse(b.stateChangedAt) - Date.parse(a.stateChangedAt))[0] ?? null
  );
}

/** One remote: its active release and canary with their health, its history, and the actions. */
export function RemoteSection({
  entry,
  canWrite,
  onChanged,
}: {
  entry: RemoteReleases;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('login');
  const api = useReleasesApi();
  const toast = useToast();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remoteLabel = t(`releases.remotes.${entry.remote}`, { defaultValue: entry.remote });
  const { active, canary } = entry;
  const context = { remote: remoteLabel, canary: canary?.version ?? null };

  const open = (kind: NonNullable<Dialog>['kind'], release: ReleaseJson) => {
    setProblem(null);
    setDialog({ kind, release });
  };

  async function run(kind: 'promote' | 'rollback', release: ReleaseJson, reason: string) {
    setBusy(true);
    try {
      await api.act(release.id, kind, reason ? { reason } : {});
      toast.success(t(`releases.done.${kind}`, { version: release.version, remote: remoteLabel }));
    } catch (error) {
      setProblem(releaseProblem(t, error, context));
    } finally {
      setBusy(false);
      setDialog(null);
      // Either way the page shows what the server holds now.
      onChanged();
    }
  }

  const button = (kind: NonNullable<Dialog>['kind'], release: ReleaseJson, text: string, danger = false) => (
    <Button
      size="small"
      variant={danger ? 'ghost' : 'secondary'}
      aria-label={t('releases.actionLabel', { action: text, version: release.version })}
      onClick={() => open(kind, release)}
    >
      {text}
    </Button>
  );

  const action = dialog && dialog.kind !== 'canary' ? { kind: dialog.kind, release: dialog.release } : null;
  const confirmMessage = (() => {
    if (!dialog || dialog.kind === 'canary') return '';
    const { release } = dialog;
    if (dialog.kind === 'promote') {
      return active
        ? t('releases.promote.message', { remote: remoteLabel, version: release.version, active: active.version })
        : t('releases.promote.messageFirst', { remote: remoteLabel, version: release.version });
    }
    if (release.state === 'active') {
      const previous = previousRelease(entry.releases);
      return previous
        ? t('releases.rollback.activeMessage', { remote: remoteLabel, previous: previous.version })
        : t('releases.rollback.noPrevious', { remote: remoteLabel });
    }
    return t('releases.rollback.canaryMessage', { remote: remoteLabel, active: active?.version ?? '—' });
  })();

  return (
    <section className={styles.remote} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.remoteTitle}>
        {remoteLabel}
      </h2>
      {problem && <Alert kind="error">{problem}</Alert>}
      <div className={styles.cards}>
        <ReleaseCard title={t('releases.active')} release={active} empty={t('releases.noActive')}>
          {canWrite && active && button('rollback', active, t('releases.actions.rollback'), true)}
        </ReleaseCard>
        <ReleaseCard title={t('releases.canary')} release={canary} empty={t('releases.noCanary')}>
          {canWrite && canary && (
            <>
              {button('promote', canary, t('releases.actions.promote'))}
              {button('canary', canary, t('releases.actions.changeCanary'))}
              {button('rollback', canary, t('releases.actions.rollback'), true)}
            </>
          )}
        </ReleaseCard>
      </div>
      <h3 className={styles.subTitle}>{t('releases.health.title')}</h3>
      <HealthPanel
        remoteLabel={remoteLabel}
        active={entry.health.active}
        canary={entry.health.canary}
        hasCanary={canary !== null}
      />
      <h3 className={styles.subTitle}>{t('releases.history.title')}</h3>
      <History
        releases={entry.releases}
        actionsFor={(release) =>
          canWrite && release.state === 'registered' ? (
            <>
              {button('canary', release, t('releases.actions.startCanary'))}
              {button('promote', release, t('releases.actions.promote'))}
            </>
          ) : null
        }
      />
      {action && (
        <ActionDialog
          title={t(`releases.${action.kind}.title`, { version: action.release.version, remote: remoteLabel })}
          message={confirmMessage}
          confirmLabel={t(`releases.actions.${action.kind}`)}
          danger={action.kind === 'rollback'}
          busy={busy}
          onConfirm={(reason) => void run(action.kind, action.release, reason)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'canary' && (
        <CanaryDialog
          release={dialog.release}
          remoteLabel={remoteLabel}
          currentCanary={canary?.version ?? null}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
          onFailed={(message) => {
            setDialog(null);
            setProblem(message);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
