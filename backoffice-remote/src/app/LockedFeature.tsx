import { Link } from 'react-router-dom';
import { Lock } from 'lucide-react';
import { canSeePath } from '@hive/shared/menu';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';
import { EmptyState, PageFrame } from '@hive/shared/ui';
import { formStyles } from '../frames/resource';
import { DOCUMENT_TITLE_SUFFIX, usePageMeta, useT } from '../i18n';
import type { PlanUnlock } from './planUnlock';

const BILLING = '/company_billing';

/** The billing page with "Request a change" open on the plan that unlocks the page. */
export function requestHref(unlock: PlanUnlock): string {
  const params = new URLSearchParams({ request: '1' });
  // An add-on is the smaller change: asked for when it suffices.
  const addon = unlock.addons[0];
  if (addon) params.set('addon', addon);
  const license = unlock.licenses[0];
  if (license && (unlock.together || !addon)) params.set('license', license);
  return `${BILLING}?${params.toString()}`;
}

/**
 * A page the company's plan does not include (a typed URL, a bookmark, a plan changed meanwhile):
 * which licence or add-on brings it, and how to ask for it (Billing's "Request a change" for whoever
 * may open Billing, the company's administrator otherwise), instead of /unauthorized.
 */
export function LockedFeature({ path, unlock }: { path: string; unlock: PlanUnlock }) {
  const { t, i18n } = useT();
  const { title, breadcrumb } = usePageMeta(path);
  const ctx = useAppSelector(selectMenuContext);
  const list = (names: string[]) => new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(names);
  const values = { page: title, licenses: list(unlock.licenses), addons: list(unlock.addons) };
  let reason: string;
  if (unlock.together) reason = t('locked.together', values);
  else if (unlock.licenses.length > 0 && unlock.addons.length > 0) reason = t('locked.either', values);
  else if (unlock.addons.length > 0) reason = t('locked.addon', values);
  else reason = t('locked.license', values);
  const canRequest = canSeePath(BILLING, ctx);
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
    >
      <EmptyState
        icon={<Lock size={24} />}
        title={t('locked.title')}
        message={
          <>
            {reason}{' '}
            {canRequest
              ? t('locked.askBilling')
              : t('locked.askAdmin', { where: `${t('menu.settings')} › ${t('menu.company_billing')}` })}
          </>
        }
        action={
          canRequest && (
            <Link className={formStyles.primaryLink} to={requestHref(unlock)}>
              {t('locked.request')}
            </Link>
          )
        }
      />
    </PageFrame>
  );
}
