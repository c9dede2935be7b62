import { Menu } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { OpenedMenu, type OpenedMenuTargetProps } from '../components/menu/OpenedMenu';

export interface UserMenuProps {
  /** The account's e-mail (or user name), the menu's label. */
  label: string;
  onChangePassword: () => void;
  onLogout: () => void;
}

/** The user menu of SPEC §2.2, loaded by TopBar's LazyMenu on first use. */
export function UserMenu({ label, onChangePassword, onLogout, ...target }: UserMenuProps & OpenedMenuTargetProps) {
  return (
    <OpenedMenu {...target} position="bottom-end" shadow="md" width={220} offset={6}>
      {/* A long e-mail breaks inside the 220 px menu instead of running past its edge. */}
      <Menu.Label style={{ overflowWrap: 'anywhere' }}>{label}</Menu.Label>
      <Menu.Item leftSection={<IconKey size={16} stroke={1.7} />} onClick={onChangePassword}>
        Change Password
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red.9" leftSection={<IconLogout size={16} stroke={1.7} />} onClick={onLogout}>
        Logout
      </Menu.Item>
    </OpenedMenu>
  );
}
