import { useLingui } from '@lingui/react';
import { Menu } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconBuildingWarehouse, IconListCheck, IconReceipt2, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { OpenedMenu, type OpenedMenuTargetProps } from '../components/menu/OpenedMenu';
import { ADMIN_LINKS } from './nav';

const ADMIN_ICONS = {
  users: IconUsers,
  customers: IconBuildingWarehouse,
  settings: IconAdjustmentsHorizontal,
  tasks: IconListCheck,
  billing: IconReceipt2,
} as const;

/** The Admin menu of the top bar (SPEC §2.2), loaded by TopBar's LazyMenu on first use. */
export function AdminMenu({ pathname, ...target }: { pathname: string } & OpenedMenuTargetProps) {
  const { i18n } = useLingui();
  return (
    <OpenedMenu {...target} position="bottom-start" shadow="md" width={200} offset={6}>
      {ADMIN_LINKS.map((l) => {
        const Icon = ADMIN_ICONS[l.icon];
        return (
          <Menu.Item
            key={l.to}
            component={Link}
            to={l.to}
            leftSection={<Icon size={16} stroke={1.7} />}
            fw={pathname.startsWith(l.to) ? 600 : undefined}
          >
            {i18n._(l.label)}
          </Menu.Item>
        );
      })}
    </OpenedMenu>
  );
}
