import { lazy, Suspense, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@hive/shared/config';
import { menuPaths, visibleMenu, backofficeMainMenu, backofficeBottomMenu } from '@hive/shared/menu';
import { useAppSelector } from '@hive/shared/store';
import { useSession } from '@hive/shared/shell-contract';
import { FullScreenLoader } from '@hive/shared/ui/loader';
import { RemoteArea } from '../remotes';
import { LoginPage, SessionExpiredPage, UnauthorizedPage } from '../pages';

// Only the sign-in page is on the critical path; these load when visited.
const SignupPage = lazy(() => import('../pages/signup/SignupPage').then((m) => ({ default: m.SignupPage })));
const ResetPassPage = lazy(() =>
  import('../pages/resetpass/ResetPassPage').then((m) => ({ default: m.ResetPassPage })),
);
const ActivatePage = lazy(() => import('../pages/signup/ActivatePage').then((m) => ({ default: m.ActivatePage })));
const AuthErrorPage = lazy(() => import('../pages/AuthErrorPage').then((m) => ({ default: m.AuthErrorPage })));
import { peekExpiredFlag } from '../session';

/** Where `/` sends a signed-in user: staff to the admin console, merchants to their first entry. */
function useLandingTarget(): string | null {
  const user = useAppSelector((s) => s.userData.user);
  const license = useAppSelector((s) => s.userData.license);
  const addons = useAppSelector((s) => s.userData.addons);
  if (!user) return null;
  if (user.admin) return ROUTES.admin;
  const role = typeof user.role === 'string' ? user.role : (user.role?.name ?? null);
  const ctx = { role, license: license?.name ?? null, addons, permissions: user.permissions };
  const first = menuPaths(visibleMenu([...backofficeMainMenu, ...backofficeBottomMenu], ctx))[0];
  return first ?? ROUTES.unauthorized;
}

/** `/`, `/signup`, `/resetpass`: the full-screen loader, then on to where the user belongs. */
function Landing() {
  const { t } = useTranslation('shell');
  const { status } = useSession();
  const target = useLandingTarget();
  if (status === 'loading') return <FullScreenLoader text={t('loading')} />;
  if (status === 'authenticated' && target) return <Navigate to={target} replace />;
  // DESIGN.md 11: right after an expiry `/` explains it; otherwise it is the sign-in page.
  return <Navigate to={peekExpiredFlag() ? ROUTES.sessionExpired : ROUTES.login} replace />;
}

function Forward({ to }: { to: string }) {
  const { t } = useTranslation('shell');
  const { search } = useLocation();
  // The loader shows for one frame so these routes behave like `/` (SPEC.md 2, "Other behaviour").
  return (
    <>
      <FullScreenLoader text={t('loading')} />
      <Navigate to={`${to}${search}`} replace />
    </>
  );
}

/** Back-office pages need a session; without one the user signs in and comes back. */
function RequireSession({ children }: { children: ReactElement }) {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const hadSession = useRef(false);
  if (status === 'authenticated') hadSession.current = true;
  if (status === 'unauthenticated') {
    // The session ended here (logout, expiry, another tab): SPEC.md 4 sends the user to `/`, which
    // picks the sign-in or session-expired page. React Router applies navigations in a transition,
    // so the runtime's own navigation to `/` can arrive after this render.
    if (hadSession.current) return <Navigate to={ROUTES.landing} replace />;
    return <Navigate to={`${ROUTES.login}?callbackUrl=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return children;
}

function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return <Suspense fallback={<FullScreenLoader text={t('loading')} />}>{children}</Suspense>;
}

function DocumentLanguage() {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.language || 'en';
  }, [i18n.language]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <DocumentLanguage />
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path={ROUTES.signup} element={<Forward to={ROUTES.authSignup} />} />
        <Route path={ROUTES.resetpass} element={<Forward to={ROUTES.authResetpass} />} />
        <Route path={ROUTES.appShell} element={<Navigate to="/" replace />} />
        <Route path="/authentication/login" element={<LoginPage />} />
        <Route
          path="/authentication/signup"
          element={
            <Lazy>
              <SignupPage />
            </Lazy>
          }
        />
        <Route
          path="/authentication/resetpass"
          element={
            <Lazy>
              <ResetPassPage />
            </Lazy>
          }
        />
        <Route
          path="/authentication/activate"
          element={
            <Lazy>
              <ActivatePage />
            </Lazy>
          }
        />
        <Route
          path="/authentication/error"
          element={
            <Lazy>
              <AuthErrorPage />
            </Lazy>
          }
        />
        <Route path="/authentication/*" element={<Navigate to={ROUTES.login} replace />} />
        <Route path={ROUTES.unauthorized} element={<UnauthorizedPage />} />
        <Route path={ROUTES.sessionExpired} element={<SessionExpiredPage />} />
        <Route path="/admin/*" element={<RemoteArea name="admin" />} />
        <Route path="/ordering/*" element={<RemoteArea name="ordering" />} />
        <Route
          path="*"
          element={
            <RequireSession>
              <RemoteArea name="backoffice" />
            </RequireSession>
          }
        />
      </Routes>
    </>
  );
}
