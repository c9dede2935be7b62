import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCalendarTime,
  IconChartBar,
  IconChevronDown,
  IconGavel,
  IconHistory,
  IconPackageImport,
  IconPackages,
  IconPlugConnected,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import type { Locale } from '../i18n/locales';
import { Logo } from '../components/Logo';
import { LazyMenu } from '../components/menu/LazyMenu';
import { lazyPage } from '../lib/lazy-page';
import { activeNav, HISTORY_DEFAULT_PATH } from './nav';
import classes from './TopBar.module.css';

// Loaded on first use: the modal brings @mantine/form and PasswordInput, which no first screen needs.
const ChangePasswordModal = lazyPage(async () => ({ default: (await import('./ChangePasswordModal')).ChangePasswordModal }), ['ondemand']);

// The menus too (issue 13): Mantine's Menu and the items' icons arrive on the first click of their button.
const loadUserMenu = async () => (await import('./UserMenu')).UserMenu;
const loadAdminMenu = async () => (await import('./AdminMenu')).AdminMenu;

const WIDE_QUERY = '(min-width: 62em)';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

function NavItem({ to, active, icon, children }: { to: string; active: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className={classes.link} data-active={active || undefined} aria-current={active ? 'page' : undefined}>
      {icon}
      <span className={classes.label}>{children}</span>
    </Link>
  );
}

/**
 * The top navigation bar of SPEC §2.2. A language chosen in the user menu is stored on the account
 * (for the next sign-in and the mails), unless `onLanguageChange` takes it instead.
 */
export function TopBar({ onLanguageChange }: { onLanguageChange?: (locale: Locale) => void } = {}) {
  const { t } = useLingui();
  const { account, isAdmin, isBrand, logout, setLanguage } = useSession();
  const { pathname } = useLocation();
  const active = activeNav(pathname);
  const [passwordOpen, passwordModal] = useDisclosure(false);
  // Once opened the modal stays mounted, so its close transition and focus return work as before.
  const [passwordUsed, setPasswordUsed] = useState(false);
  // The menu item that opened the modal is gone when it closes, so focus goes back to the menu's
  // button (WCAG 2.4.3) instead of falling to the page.
  const userMenuButton = useRef<HTMLButtonElement>(null);
  const adminMenuButton = useRef<HTMLButtonElement>(null);
  const closePasswordModal = () => {
    passwordModal.close();
    userMenuButton.current?.focus();
  };
  const name = account?.name || account?.username || '';
  const wide = useMediaQuery(WIDE_QUERY, true);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'lg' }} justify="space-between" wrap="nowrap" className={classes.bar}>
      <Group gap="xl" wrap="nowrap" className={classes.start}>
        <Link to={isBrand ? HISTORY_DEFAULT_PATH : '/'} className={classes.brand} aria-label={t`Returns Desk home`}>
          <Logo size={30} withName={wide} />
        </Link>
        {/* A brand user's six entries do not fit a tablet's width with their labels: icons until 1200 px (TopBar.module.css). */}
        <Group gap={4} wrap="nowrap" component="nav" aria-label={t`Main`} data-crowded={isBrand || undefined} className={classes.nav}>
          {/* A brand user (issue 25) sees its returns, parcels and figures, never the warehouse's receiving. */}
          {!isBrand && (
            <NavItem to="/" active={active === 'receiving'} icon={<IconPackageImport size={18} stroke={1.7} />}>
              <Trans>Receiving</Trans>
            </NavItem>
          )}
          <NavItem to={HISTORY_DEFAULT_PATH} active={active === 'history'} icon={<IconHistory size={18} stroke={1.7} />}>
            <Trans>History</Trans>
          </NavItem>
          <NavItem to="/parcels" active={active === 'parcels'} icon={<IconPackages size={18} stroke={1.7} />}>
            <Trans>Parcels</Trans>
          </NavItem>
          <NavItem to="/dashboard" active={active === 'dashboard'} icon={<IconChartBar size={18} stroke={1.7} />}>
            <Trans>Dashboard</Trans>
          </NavItem>
          {/* The brand's own: the lines waiting for its decision, its closed billing statements and its report schedules (issue 25). */}
          {isBrand && (
            <NavItem to="/decisions" active={active === 'decisions'} icon={<IconGavel size={18} stroke={1.7} />}>
              <Trans>Decisions</Trans>
            </NavItem>
          )}
          {isBrand && (
            <NavItem to="/billing" active={active === 'billing'} icon={<IconReceipt size={18} stroke={1.7} />}>
              <Trans>Billing</Trans>
            </NavItem>
          )}
          {isBrand && (
            <NavItem to="/schedules" active={active === 'schedules'} icon={<IconCalendarTime size={18} stroke={1.7} />}>
              <Trans>Schedules</Trans>
            </NavItem>
          )}
          {isBrand && (
            <NavItem to="/integrations" active={active === 'integrations'} icon={<IconPlugConnected size={18} stroke={1.7} />}>
              <Trans>Integrations</Trans>
            </NavItem>
          )}
          {isAdmin && (
            <LazyMenu
              load={loadAdminMenu}
              menuProps={{ pathname }}
              triggerRef={adminMenuButton}
              trigger={
                <UnstyledButton
                  ref={adminMenuButton}
                  className={classes.link}
                  data-active={active === 'admin' || undefined}
                  aria-label={t`Admin`}
                >
                  <IconSettings size={18} stroke={1.7} />
                  <span className={classes.label}>
                    <Trans>Admin</Trans>
                  </span>
                  <IconChevronDown size={14} stroke={1.7} className={classes.chevron} />
                </UnstyledButton>
              }
            />
          )}
        </Group>
      </Group>

      <LazyMenu
        load={loadUserMenu}
        menuProps={{
          label: account?.email || account?.username || '',
          onChangePassword: () => {
            setPasswordUsed(true);
            passwordModal.open();
          },
          onLogout: () => void logout(),
          onLanguageChange: onLanguageChange ?? ((locale: Locale) => void setLanguage(locale)),
        }}
        triggerRef={userMenuButton}
        trigger={
          // Named "User menu …" plus the visible name, so speech input can say what it sees (WCAG 2.5.3).
          <UnstyledButton className={classes.user} ref={userMenuButton}>
            <VisuallyHidden>
              <Trans>User menu</Trans>
            </VisuallyHidden>
            <Group gap={10} wrap="nowrap">
              <Avatar size={32} radius="xl" color="blue" variant="light" aria-hidden>
                {initials(name)}
              </Avatar>
              <Box visibleFrom="xs">
                <Text size="sm" fw={500} lh={1.2} data-testid="account-name">
                  {name}
                </Text>
                {isAdmin && (
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {/* The account's role, not the menu: a language may name them differently. */}
                    <Trans context="role">Admin</Trans>
                  </Text>
                )}
                {isBrand && (
                  <Text size="xs" c="dimmed" lh={1.2}>
                    <Trans context="role">Brand</Trans>
                  </Text>
                )}
              </Box>
              <IconChevronDown size={14} stroke={1.7} className={classes.chevron} />
            </Group>
          </UnstyledButton>
        }
      />

      {passwordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={passwordOpen} onClose={closePasswordModal} />
        </Suspense>
      )}
    </Group>
  );
}
