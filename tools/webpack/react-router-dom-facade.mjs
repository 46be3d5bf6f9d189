// What the apps use of react-router-dom, shared under the `react-router-dom` key instead of the whole
// package: a shared module is never tree-shaken, and the whole router is ~60 KB gzip against ~12 KB
// for these names. react-router-dom 7 re-exports them from react-router (same objects).
// shell/src/routerFacade.test.ts fails when an app imports a name that is missing here.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
