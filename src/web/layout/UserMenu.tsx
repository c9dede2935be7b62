import { useLingui } from '@lingui/react/macro';
import { Menu } from '@mantine/core';
import { IconKey, IconLanguage, IconLogout } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { OpenedMenu, type OpenedMenuTargetProps } from '../components/menu/OpenedMenu';
import { changeLanguage, currentLocale } from '../i18n/language';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';

export interface UserMenuProps {
  /** The account's e-mail (or user name), the menu's label. */
  label: string;
  onChangePassword: () => void;
  onLogout: () => void;
  /** After the interface has switched language (the caller may store it on the account). */
  onLanguageChange?: (locale: Locale) => void;
}

/** The user menu of SPEC §2.2, loaded by TopBar's LazyMenu on first use. */
export function UserMenu({ label, onChangePassword, onLogout, onLanguageChange, ...target }: UserMenuProps & OpenedMenuTargetProps) {
  const { t } = useLingui();
  // Mantine opens a sub-menu on hover and ArrowRight only; a tap, Enter or Space opens it here too
  // (touch screens, screen readers) and takes the focus to the language in use. It never closes it:
  // a pointer has often opened it by hovering just before the click.
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const focusOnOpen = useRef(false);
  const languages = useRef<HTMLDivElement>(null);
  const focusLanguage = () => {
    const dropdown = languages.current;
    (
      dropdown?.querySelector<HTMLElement>('[aria-checked="true"]') ?? dropdown?.querySelector<HTMLElement>('[role="menuitemradio"]')
    )?.focus();
  };
  useEffect(() => {
    if (!languagesOpen || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    // The dropdown mounts after this render (Mantine's own ArrowRight waits as long).
    const timer = window.setTimeout(focusLanguage, 16);
    return () => window.clearTimeout(timer);
  }, [languagesOpen]);
  const openLanguages = () => {
    if (languagesOpen) return focusLanguage();
    focusOnOpen.current = true;
    setLanguagesOpen(true);
  };
  const choose = (value: string) => {
    if (!isLocale(value)) return;
    void changeLanguage(value).then(() => onLanguageChange?.(value));
  };
  return (
    <OpenedMenu {...target} position="bottom-end" shadow="md" width={220} offset={6}>
      {/* A long e-mail breaks inside the 220 px menu instead of running past its edge. */}
      <Menu.Label style={{ overflowWrap: 'anywhere' }}>{label}</Menu.Label>
      <Menu.Item leftSection={<IconKey size={16} stroke={1.7} />} onClick={onChangePassword}>
        {t`Change Password`}
      </Menu.Item>
      {/* The languages by their own names (a reader of Polish looks for "Polski"); each item is a
          menuitemradio with aria-checked, and says its name in its own language (lang). */}
      <Menu.Sub position="left-start" offset={4} opened={languagesOpen} onChange={setLanguagesOpen}>
        <Menu.Sub.Target>
          <Menu.Sub.Item leftSection={<IconLanguage size={16} stroke={1.7} />} onClick={openLanguages}>
            {t`Language`}
          </Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown ref={languages} aria-label={t`Language`} data-testid="language-menu">
          <Menu.RadioGroup value={currentLocale()} onChange={choose}>
            {LOCALES.map((locale) => (
              <Menu.RadioItem key={locale} value={locale} lang={locale} closeMenuOnClick>
                {LOCALE_NAMES[locale]}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Sub.Dropdown>
      </Menu.Sub>
      <Menu.Divider />
      <Menu.Item color="red.9" leftSection={<IconLogout size={16} stroke={1.7} />} onClick={onLogout}>
        {t`Logout`}
      </Menu.Item>
    </OpenedMenu>
  );
}
