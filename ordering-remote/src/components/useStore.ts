import { useCallback, useEffect, useState } from 'react';
import type { StoreProfile } from '@hive/shared/schemas/ordering';
import { errorResponse, useOrderingApi } from '../api';

export type StoreState =
  | { kind: 'loading' }
  | { kind: 'not_found' }
  | { kind: 'error' }
  | { kind: 'ready'; profile: StoreProfile };

/** The store's public profile: loading, not found (a clear page, never an error screen), or ready. */
export function useStoreProfile(slug: string) {
  const api = useOrderingApi();
  const [state, setState] = useState<StoreState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    api.profile(slug).then(
      (profile) => live && setState({ kind: 'ready', profile }),
      (error: unknown) => live && setState({ kind: errorResponse(error)?.status === 404 ? 'not_found' : 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api, slug, attempt]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
