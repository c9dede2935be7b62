// Every route of SPEC §2.1; each screen is its own lazily loaded chunk (STACK-NOTES pitfall 9).
import { Suspense } from 'react';
import { createBrowserRouter, Outlet, useRouteError } from 'react-router';
import { SessionProvider } from './auth/session';
import { LoadErrorBoundary, ScreenError } from './components/LoadErrorBoundary';
import { PageLoader } from './components/PageLoader';
import { lazyPage } from './lib/lazy-page';

// The layouts are lazy too (issue 13): what index.html loads is React, the router, Mantine's
// provider and this table; the app shell with its top bar and menus comes with the first screen.
const AuthLayout = lazyPage(async () => ({ default: (await import('./layout/AuthLayout')).AuthLayout }));
const MainLayout = lazyPage(async () => ({ default: (await import('./layout/MainLayout')).MainLayout }));

const LoginPage = lazyPage(() => import('./pages/login/LoginPage'));
const ForgetPasswordPage = lazyPage(() => import('./pages/forget-password/ForgetPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password/ResetPasswordPage'));
const ReceivingPage = lazyPage(() => import('./pages/receiving/ReceivingPage'));
const HistoryPage = lazyPage(() => import('./pages/history/HistoryPage'));
// Its own chunk with @mantine/charts and recharts: the receiving screen never loads them.
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage'));
const ReturnViewPage = lazyPage(() => import('./pages/return-view/ReturnViewPage'));
const BlindReturnPage = lazyPage(() => import('./pages/blind-return/BlindReturnPage'));
const AdminUsersPage = lazyPage(() => import('./pages/admin-users/AdminUsersPage'));
const AdminCustomersPage = lazyPage(() => import('./pages/admin-customers/AdminCustomersPage'));
const AdminSystemsPage = lazyPage(() => import('./pages/admin-systems/AdminSystemsPage'));
const AdminTasksPage = lazyPage(() => import('./pages/admin-tasks/AdminTasksPage'));
const AdminBillingPage = lazyPage(() => import('./pages/admin-billing/AdminBillingPage'));
const ParcelsPage = lazyPage(() => import('./pages/parcels/ParcelsPage'));
const NotFoundPage = lazyPage(() => import('./pages/not-found/NotFoundPage'));

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

function RouteError() {
  return <ScreenError error={useRouteError()} />;
}

export const router = createBrowserRouter([
  {
    element: <SessionRoot />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'forget-password', element: <ForgetPasswordPage /> },
          { path: 'password/:username/:token', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <ReceivingPage /> },
          { path: 'history', element: <HistoryPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'orders/:orderId/returns/:returnId', element: <ReturnViewPage /> },
          { path: 'blind/:customerId', element: <BlindReturnPage /> },
          { path: 'parcels', element: <ParcelsPage /> },
          { path: 'admin/users', element: <AdminUsersPage /> },
          { path: 'admin/customers', element: <AdminCustomersPage /> },
          { path: 'admin/systems', element: <AdminSystemsPage /> },
          { path: 'admin/tasks', element: <AdminTasksPage /> },
          { path: 'admin/billing', element: <AdminBillingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
