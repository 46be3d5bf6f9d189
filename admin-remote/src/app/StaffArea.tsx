import { useMemo, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@hive/shared/config';
import { adminMenu, menuPaths, visibleAdminMenu } from '@hive/shared/menu';
import type { AdminMe } from '@hive/shared/schemas/admin';
import type { User } from '@hive/shared/store';
import { EmptyState } from '@hive/shared/ui';
import { ADMIN_API, AdminMeContext, useAdminQuery } from '../api';
import { AdminLayout } from '../layout';
import { BasePricesPage } from '../pages/basePrices';
import { BeeMerchantPage } from '../pages/beeMerchant';
import { CompaniesPage, CompanyPage } from '../pages/companies';
import { CouponsPage } from '../pages/coupons';
import { OutboxPage, SupportPage, TicketPage } from '../pages/support';
import { ReleasesPage } from '../pages/releases';
import { UsersPage } from '../pages/users';

/** The paths of the entries this user may open, in menu order. */
export function permittedPaths(user: Pick<User, 'permissions'>): string[] {
  return menuPaths(visibleAdminMenu(adminMenu, user.permissions));
}

/** `/admin` for staff: their first permitted entry (issue 6). */
function Landing({ paths }: { paths: string[] }) {
  const { t } = useTranslation('login');
  if (paths[0]) return <Navigate to={paths[0]} replace />;
  return <EmptyState title={t('layout.noAreasTitle')} message={t('layout.noAreas')} />;
}

/** An entry the user may not see answers /unauthorized (DESIGN.md 8), like the back-office. */
function Guard({ path, paths, children }: { path: string; paths: string[]; children: ReactElement }) {
  return paths.includes(path) ? children : <Navigate to={ROUTES.unauthorized} replace />;
}

export function StaffArea({ user }: { user: User }) {
  const paths = useMemo(() => permittedPaths(user), [user]);
  const me = useAdminQuery<AdminMe>(`${ADMIN_API}/me`);
  // Hints only (the server decides); an odd answer simply means no hints.
  const meData = me.data && Array.isArray(me.data.rights) && me.data.user ? me.data : null;
  const guard = (path: string, page: ReactElement) => (
    <Guard path={path} paths={paths}>
      {page}
    </Guard>
  );

  return (
    <AdminMeContext.Provider value={meData}>
      <AdminLayout user={user}>
        <Routes>
          <Route index element={<Landing paths={paths} />} />
          <Route path="companies" element={guard('/admin/companies', <CompaniesPage />)} />
          <Route path="companies/:id" element={guard('/admin/companies', <CompanyPage />)} />
          <Route path="users" element={guard('/admin/users', <UsersPage />)} />
          <Route path="coupons" element={guard('/admin/coupons', <CouponsPage />)} />
          <Route path="support" element={guard('/admin/support', <SupportPage />)} />
          <Route path="support/outbox" element={guard('/admin/support', <OutboxPage />)} />
          <Route path="support/:id" element={guard('/admin/support', <TicketPage />)} />
          <Route path="base_prices" element={guard('/admin/base_prices', <BasePricesPage />)} />
          <Route path="bee_merchant" element={guard('/admin/bee_merchant', <BeeMerchantPage />)} />
          <Route path="releases" element={guard('/admin/releases', <ReleasesPage />)} />
          <Route path="*" element={<Navigate to={ROUTES.unauthorized} replace />} />
        </Routes>
      </AdminLayout>
    </AdminMeContext.Provider>
  );
}
