// Lingui's catalogues (docs/decisions.md "Translations with Lingui"): one JSON file per language and
// area, so a screen loads the messages of its own area only (src/web/i18n/catalogues.ts).
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';

export const LOCALES = ['en', 'de', 'nl', 'pl', 'es'] as const;

const pages = (...names: string[]) => names.map((n) => `<rootDir>/src/web/pages/${n}/`);

/** The area catalogues; a file belongs to exactly one (the shell's files are listed by name). */
const SHELL = [
  '<rootDir>/src/web/router.tsx',
  '<rootDir>/src/web/components/LoadErrorBoundary.tsx',
  '<rootDir>/src/web/components/PageLoader.tsx',
  '<rootDir>/src/web/theme/theme.ts',
  // The logo is on the sign-in screens too, which load no 'common' catalogue.
  '<rootDir>/src/web/components/Logo.tsx',
  '<rootDir>/src/web/i18n/language.ts',
  '<rootDir>/src/web/i18n/catalogues.ts',
  '<rootDir>/src/web/i18n/locales.ts',
  '<rootDir>/src/web/i18n/server-text.ts',
  '<rootDir>/src/web/i18n/contract-text.ts',
];
const AUTH = [
  '<rootDir>/src/web/layout/AuthLayout.tsx',
  '<rootDir>/src/web/pages/auth-heading.tsx',
  '<rootDir>/src/web/pages/password-form.tsx',
  ...pages('login', 'forget-password', 'reset-password'),
];

/**
 * Issue 23's budget: the texts of parts that load on demand (the order panel's dialogs, the inspection
 * panel, the expected items, the parcel list and banner, photos, the camera scan, the password change,
 * the receiving shortcuts' labels) and of the blind return page. Each such part's loader asks for this
 * area (lazyPage's areas); a screen that imports one of them outright lists it in router.tsx.
 */
const ONDEMAND = [
  ...['SummaryModal.tsx', 'DiscrepancyModal.tsx', 'HotkeyHelp.tsx', 'CloseConfirm.tsx', 'OrderPanelDialogs.tsx', 'hotkeys.ts'].map(
    (f) => `<rootDir>/src/web/pages/receiving/${f}`,
  ),
  '<rootDir>/src/web/pages/receiving/ExpectedItemsCard.tsx',
  '<rootDir>/src/web/pages/receiving/ParcelResults.tsx',
  '<rootDir>/src/web/pages/receiving/inspection/InspectionPanel.tsx',
  ...pages('blind-return'),
  ...['PhotoDialog.tsx', 'PhotoCapture.tsx', 'WebcamPanel.tsx', 'PhotoViewer.tsx'].map((f) => `<rootDir>/src/web/components/photos/${f}`),
  '<rootDir>/src/web/components/scan/CameraScanDialog.tsx',
  '<rootDir>/src/web/components/parcel/ParcelBanner.tsx',
  '<rootDir>/src/web/components/parcel/ParcelPhotos.tsx',
  '<rootDir>/src/web/layout/ChangePasswordModal.tsx',
];
/** Texts of shared parts only some screens show: task details, audit trails, decisions, report requests. */
const EXTRA = ['task-detail', 'audit', 'decisions', 'report'].map((d) => `<rootDir>/src/web/components/${d}/`);

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  // The pseudo build (VITE_PSEUDO=1) shows every text accented and 40% longer, with brackets that show a cut-off text.
  pseudoLocale: { locale: 'pseudo', prepend: '⟦', append: '⟧', extend: 0.4 },
  fallbackLocales: { default: 'en' },
  format: formatter({ style: 'lingui', lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/web/locales/{locale}/shell', include: SHELL },
    { path: '<rootDir>/src/web/locales/{locale}/auth', include: AUTH },
    { path: '<rootDir>/src/web/locales/{locale}/errors', include: ['<rootDir>/src/web/i18n/server-messages.ts'] },
    {
      path: '<rootDir>/src/web/locales/{locale}/common',
      include: [
        '<rootDir>/src/web/layout/',
        '<rootDir>/src/web/components/',
        '<rootDir>/src/web/lib/',
        '<rootDir>/src/web/api/',
        '<rootDir>/src/web/auth/',
        ...pages('not-found'),
      ],
      exclude: [...SHELL, ...AUTH, ...ONDEMAND, ...EXTRA, '<rootDir>/src/web/i18n/server-messages.ts', '**/*.test.ts', '**/*.test.tsx'],
    },
    { path: '<rootDir>/src/web/locales/{locale}/receiving', include: pages('receiving'), exclude: ONDEMAND },
    { path: '<rootDir>/src/web/locales/{locale}/ondemand', include: ONDEMAND, exclude: ['**/*.test.ts', '**/*.test.tsx'] },
    { path: '<rootDir>/src/web/locales/{locale}/extra', include: EXTRA, exclude: ['**/*.test.ts', '**/*.test.tsx'] },
    { path: '<rootDir>/src/web/locales/{locale}/history', include: pages('history', 'return-view') },
    {
      path: '<rootDir>/src/web/locales/{locale}/insight',
      include: pages('dashboard', 'parcels', 'portal-billing', 'portal-schedules', 'portal-integrations', 'portal-decisions'),
    },
    {
      path: '<rootDir>/src/web/locales/{locale}/admin',
      include: pages('admin-users', 'admin-customers', 'admin-systems', 'admin-tasks', 'admin-billing'),
    },
  ],
});
