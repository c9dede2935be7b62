// Steps through the SPA that many specs share.
import type { Page } from 'playwright-core';
import { e2eEnv } from './env';

/** Fills the login form and waits until the authenticated layout shows the user menu. */
export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

export function loginAsAdmin(page: Page): Promise<void> {
  const { username, password } = e2eEnv.admin;
  return loginViaUi(page, username, password);
}

export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/auth/login');
}

/** Waits until a red notification with this title (and text, when given) is shown. */
export async function waitForNotification(page: Page, title: string, text?: string): Promise<void> {
  const note = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await (text ? note.filter({ hasText: text }) : note).first().waitFor();
}
