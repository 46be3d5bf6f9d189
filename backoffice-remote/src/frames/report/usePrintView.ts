import { useLocation } from 'react-router-dom';

/** Whether the page is shown as its print view (`<path>/print`, a route without the layout). */
export function usePrintView(path: string): boolean {
  const { pathname } = useLocation();
  return pathname === `${path}/print` || pathname === `${path}/print/`;
}
