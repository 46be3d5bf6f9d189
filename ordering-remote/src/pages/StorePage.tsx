import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';
import { useOrderingApi } from '../api';
import { useCart } from '../cart';
import { StoreGate } from '../components/StoreGate';
import { StoreView } from '../components/StoreView';
import { FIRST_SCREEN_ITEMS, useFirstScreenTakeover } from '../firstScreen';

export function StorePage({ slug }: { slug: string }) {
  const api = useOrderingApi();
  // The menu (an ordering token, then the menu) is asked for at once, beside the store's profile
  // that StoreGate loads, not after it: two round trips off a phone's first view.
  const [menuRequest] = useState(() => {
    const request = api.menu(slug);
    request.catch(() => undefined); // a store that is closed or unknown never reads it
    return request;
  });
  return (
    <StoreGate slug={slug}>
      {(profile) => <LiveStoreView slug={slug} profile={profile} menuRequest={menuRequest} />}
    </StoreGate>
  );
}

function LiveStoreView({
  slug,
  profile,
  menuRequest,
}: {
  slug: string;
  profile: StoreProfile;
  menuRequest: Promise<StoreMenu>;
}) {
  const { t } = useTranslation('ordering');
  const api = useOrderingApi();
  const cart = useCart(slug);
  const [menu, setMenu] = useState<StoreMenu | null>(null);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The first dishes first (what the server's first screen shows, so it is replaced in place), the
  // rest in a later transition: a phone's main thread never builds the whole menu in one task.
  const [itemLimit, setItemLimit] = useState<number | undefined>(FIRST_SCREEN_ITEMS);
  // The server's first screen (the same view from the same data) stays until the menu is here.
  useFirstScreenTakeover(menu !== null || failed);
  useEffect(() => {
    if (menu && itemLimit !== undefined) startTransition(() => setItemLimit(undefined));
  }, [menu, itemLimit]);

  useEffect(() => {
    let live = true;
    // A request that failed (or was started before a retry of the profile) is tried once more.
    // A transition: React renders the whole menu in short slices, so a phone's main thread is
    // never blocked for long (the skeleton stays until the menu is ready).
    menuRequest
      .catch(() => api.menu(slug))
      .then(
        (m) => live && startTransition(() => setMenu(m)),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [api, slug, menuRequest]);

  return (
    <StoreView
      slug={slug}
      profile={profile}
      menu={menu}
      failed={failed}
      itemLimit={itemLimit}
      cart={cart}
      announcement={announcement}
      onAdd={(input) => {
        cart.add(input);
        setAnnouncement(t('store.added', { name: input.name }));
      }}
    />
  );
}
