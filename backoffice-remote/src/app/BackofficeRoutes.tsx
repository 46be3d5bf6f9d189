import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@hive/shared/config';
import { backofficeMenus, hasLayout, menuPaths } from '@hive/shared/menu';
import { BareLayout, Layout } from '../layout';
import { PAGES } from './pages';
import { RequireMenuPath } from './RequireMenuPath';

// Every menu path has its page (BackofficeRoutes.test.tsx checks it; a path without one is not routed).
const ALL_PATHS = menuPaths(backofficeMenus).filter((path) => path in PAGES);

/**
 * Pages with a print view at `<path>/print`: the same page without the back-office around it,
 * behind the page's own menu rule (the reports, a receipt's reprint, a shift's Z report).
 */
export const PRINT_VIEWS: readonly string[] = [
  '/salesperday',
  '/sales',
  '/itemsales',
  '/transaction',
  '/tax_report',
  '/closings',
  '/cash_movement',
  '/stock_movement',
  '/laborreport',
  '/payrollreport',
  // An invoice alone (`?id=`), for the printer or "Save as PDF".
  '/invoice',
];
const WITH_LAYOUT = ALL_PATHS.filter(hasLayout);
const WITHOUT_LAYOUT = ALL_PATHS.filter((path) => !hasLayout(path));

function Page({ path }: { path: string }) {
  const Built = PAGES[path]!;
  return (
    <RequireMenuPath path={path}>
      <Built />
    </RequireMenuPath>
  );
}

/**
 * A route for every path of SPEC.md section 2 (from the menu definition, so none is forgotten).
 * Paths are case-sensitive (`/orderTypes`), like the permission names. Anything else is not in any
 * menu, so it answers /unauthorized.
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {WITH_LAYOUT.map((path) => (
          <Route key={path} path={path} caseSensitive element={<Page path={path} />} />
        ))}
      </Route>
      <Route element={<BareLayout />}>
        {WITHOUT_LAYOUT.map((path) => (
          <Route key={path} path={path} caseSensitive element={<Page path={path} />} />
        ))}
        {PRINT_VIEWS.map((path) => (
          <Route key={`${path}/print`} path={`${path}/print`} caseSensitive element={<Page path={path} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={ROUTES.unauthorized} replace />} />
    </Routes>
  );
}

export { ALL_PATHS, WITH_LAYOUT, WITHOUT_LAYOUT };
