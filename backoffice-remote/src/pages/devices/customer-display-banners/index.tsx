// Devices › Customer display banners (lazy-loaded by the routes: its own chunk; the page itself is shared).
import { withAreaTexts } from '../../../i18n';
import { BannersPage, DISPLAY_BANNERS } from '../banners';

function CustomerDisplayBannersPage() {
  return <BannersPage config={DISPLAY_BANNERS} />;
}

export default withAreaTexts('devices', CustomerDisplayBannersPage);
