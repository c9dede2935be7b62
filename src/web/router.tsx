// Every route of SPEC §2.1; each screen is its own lazily loaded chunk (STACK-NOTES pitfall 9).
// Declarative routes (<BrowserRouter>, <Routes>) rather than createBrowserRouter: the app uses no
// loader, action, fetcher or blocker, and the data router is half of react-router's bytes in the
// entry (32.6 → 16.4 kB gzip, issue 13). Render errors reach the LoadErrorBoundary around the routes.
import { Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { SessionProvider } from './auth/session';
import { LoadErrorBoundary } from './components/LoadErrorBoundary';
import { PageLoader } from './components/PageLoader';
import type { Locale } from './i18n/locales';
import { lazyPage } from './lib/lazy-page';

// The layouts are lazy too (issue 13): what index.html loads is React, the router, Mantine's
// provider and this table; the app shell with its top bar and menus comes with the first screen.
const AuthLayout = lazyPage(async () => ({ default: (await import('./layout/AuthLayout')).AuthLayout }), ['auth', 'errors']);
const MainLayout = lazyPage(async () => ({ default: (await import('./layout/MainLayout')).MainLayout }), ['common', 'errors']);
// The warehouse's screens refuse a brand user (issue 25); it comes in the layout's chunk, already loaded.
const StaffOnly = lazyPage(async () => ({ default: (await import('./layout/MainLayout')).StaffOnly }));

const LoginPage = lazyPage(() => import('./pages/login/LoginPage'), ['auth']);
const ForgetPasswordPage = lazyPage(() => import('./pages/forget-password/ForgetPasswordPage'), ['auth']);
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password/ResetPasswordPage'), ['auth']);
const ReceivingPage = lazyPage(() => import('./pages/receiving/ReceivingPage'), ['receiving']);
const HistoryPage = lazyPage(() => import('./pages/history/HistoryPage'), ['history', 'extra']);
// Its own chunk with @mantine/charts and recharts: the receiving screen never loads them.
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage'), ['insight']);
const ReturnViewPage = lazyPage(() => import('./pages/return-view/ReturnViewPage'), ['history', 'receiving', 'extra', 'ondemand']);
const BlindReturnPage = lazyPage(() => import('./pages/blind-return/BlindReturnPage'), ['receiving', 'ondemand']);
const AdminUsersPage = lazyPage(() => import('./pages/admin-users/AdminUsersPage'), ['admin', 'extra']);
const AdminCustomersPage = lazyPage(() => import('./pages/admin-customers/AdminCustomersPage'), ['admin', 'extra']);
const AdminSystemsPage = lazyPage(() => import('./pages/admin-systems/AdminSystemsPage'), ['admin']);
const AdminTasksPage = lazyPage(() => import('./pages/admin-tasks/AdminTasksPage'), ['admin', 'extra']);
const AdminBillingPage = lazyPage(() => import('./pages/admin-billing/AdminBillingPage'), ['admin']);
const ParcelsPage = lazyPage(() => import('./pages/parcels/ParcelsPage'), ['insight', 'ondemand']);
// The brand's portal (issue 25); they share the admin screens' labels and schedule texts.
const PortalBillingPage = lazyPage(() => import('./pages/portal-billing/PortalBillingPage'), ['insight', 'admin']);
const PortalSchedulesPage = lazyPage(() => import('./pages/portal-schedules/PortalSchedulesPage'), ['insight', 'admin']);
// The brand's Decisions queue (issue 25): history's condition names, receiving's discrepancy badges.
const PortalDecisionsPage = lazyPage(
  () => import('./pages/portal-decisions/PortalDecisionsPage'),
  ['insight', 'history', 'receiving', 'extra', 'ondemand'],
);
// The admin drawer's webhook and upload panels, in the brand's Integrations screen (issue 26).
const PortalIntegrationsPage = lazyPage(() => import('./pages/portal-integrations/PortalIntegrationsPage'), ['insight', 'admin']);
const NotFoundPage = lazyPage(() => import('./pages/not-found/NotFoundPage'), ['common']);

/**
 * The first screen's code and texts, asked for beside the shell's texts (main.tsx) instead of after the
 * shell has rendered, and the app renders once they are in: the screen then renders at once, without a
 * loader first (lib/lazy-page.ts). The login page and the receiving page paint a round trip or two
 * sooner on a slow network (issue 23). The receiving page only with a stored session: without one, '/'
 * goes to the login page. Resolves when done, failed or not (a failure shows when the screen renders).
 */
export function preloadFirstScreen(pathname: string, locale: Locale, signedIn: boolean): Promise<unknown> {
  const screens =
    pathname === '/auth/login' ? [AuthLayout, LoginPage] : pathname === '/' && signedIn ? [MainLayout, StaffOnly, ReceivingPage] : [];
  return Promise.all(screens.map((screen) => screen.preload(locale)));
}

function SessionRoot() {
  return (
    <SessionProvider>
      <LoadErrorBoundary>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </LoadErrorBoundary>
    </SessionProvider>
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <LoadErrorBoundary>
        <Routes>
          <Route element={<SessionRoot />}>
            <Route path="auth" element={<AuthLayout />}>
              <Route path="login" element={<LoginPage />} />
              <Route path="forget-password" element={<ForgetPasswordPage />} />
              <Route path="password/:username/:token" element={<ResetPasswordPage />} />
            </Route>
            <Route element={<MainLayout />}>
              <Route
                index
                element={
                  <StaffOnly home>
                    <ReceivingPage />
                  </StaffOnly>
                }
              />
              <Route path="history" element={<HistoryPage />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="orders/:orderId/returns/:returnId" element={<ReturnViewPage />} />
              <Route
                path="blind/:customerId"
                element={
                  <StaffOnly>
                    <BlindReturnPage />
                  </StaffOnly>
                }
              />
              <Route path="parcels" element={<ParcelsPage />} />
              <Route path="decisions" element={<PortalDecisionsPage />} />
              <Route path="billing" element={<PortalBillingPage />} />
              <Route path="schedules" element={<PortalSchedulesPage />} />
              <Route path="integrations" element={<PortalIntegrationsPage />} />
              <Route path="admin/users" element={<AdminUsersPage />} />
              <Route path="admin/customers" element={<AdminCustomersPage />} />
              <Route path="admin/systems" element={<AdminSystemsPage />} />
              <Route path="admin/tasks" element={<AdminTasksPage />} />
              <Route path="admin/billing" element={<AdminBillingPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </LoadErrorBoundary>
    </BrowserRouter>
  );
}
