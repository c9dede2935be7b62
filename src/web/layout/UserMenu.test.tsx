import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../theme/theme';
import { UserMenu } from './UserMenu';

const languageModule = vi.hoisted(() => ({ changeLanguage: vi.fn(async () => undefined), currentLocale: vi.fn(() => 'en') }));
vi.mock('../i18n/language', () => languageModule);

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function renderMenu(onLanguageChange = vi.fn()) {
  const targetRef = createRef<HTMLButtonElement>();
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={buildTheme(i18n)}>
        <UserMenu
          label="ops@example.com"
          onChangePassword={() => undefined}
          onLogout={() => undefined}
          onLanguageChange={onLanguageChange}
          target={<button ref={targetRef}>User menu</button>}
          targetRef={targetRef}
          focusTarget={false}
        />
      </MantineProvider>
    </I18nProvider>,
  );
  return onLanguageChange;
}

// Mantine's transitions leave the dropdowns display: none in jsdom, so the queries include hidden elements.
describe('user menu language choice', () => {
  it('lists the five languages by their own names, the current one checked, and switches on a choice', async () => {
    const onLanguageChange = renderMenu();
    const language = await screen.findByRole('menuitem', { name: 'Language', hidden: true });
    expect(language.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(language);
    expect(language.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('language-menu').getAttribute('role')).toBe('menu');
    const items = await screen.findAllByRole('menuitemradio', { hidden: true });
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked'), item.getAttribute('lang')])).toEqual([
      ['English', 'true', 'en'],
      ['Deutsch', 'false', 'de'],
      ['Nederlands', 'false', 'nl'],
      ['Polski', 'false', 'pl'],
      ['Español', 'false', 'es'],
    ]);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Polski', hidden: true }));
    expect(languageModule.changeLanguage).toHaveBeenCalledWith('pl');
    await waitFor(() => expect(onLanguageChange).toHaveBeenCalledWith('pl'));
  });
});
