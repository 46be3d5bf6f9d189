// Devices › Kiosk banners (lazy-loaded by the routes: its own chunk; the page itself is shared).
import { withAreaTexts } from '../../../i18n';
import { BannersPage, KIOSK_BANNERS } from '../banners';

function KioskBannersPage() {
  return <BannersPage config={KIOSK_BANNERS} />;
}

export default withAreaTexts('devices', KioskBannersPage);
