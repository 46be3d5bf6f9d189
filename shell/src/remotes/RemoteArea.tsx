import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '@hive/shared/ui/loader';
import { loadRemoteApp } from './registry';
import { RemoteBoundary } from './RemoteBoundary';
import { RemoteFallback } from './RemoteFallback';
import type { RemoteName } from './remoteMap';
import { useLocalArea } from './localAreas';
import { remoteSignals } from '../telemetry';

/** Mounts a remote's `./App` inside the shell's router, store and providers. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const Local = useLocalArea(name);
  const RemoteApp = useMemo(() => Local ?? lazy(() => loadRemoteApp(name, attempt > 0)), [Local, name, attempt]);

  return (
    <RemoteBoundary
      key={attempt}
      onRetry={() => setAttempt((n) => n + 1)}
      onError={(error) => remoteSignals.boundary(name, error)}
      fallback={(error, retry) => <RemoteFallback name={name} error={error} onRetry={retry} />}
    >
      <Suspense fallback={<FullScreenLoader text={t('loading')} />}>
        <RemoteApp />
      </Suspense>
    </RemoteBoundary>
  );
}
