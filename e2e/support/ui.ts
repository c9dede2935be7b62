// Steps through the SPA that many specs share.
import type { Locator, Page } from 'playwright-core';
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

/**
 * Waits until an input shows this value. It reads the live value, not the `value` attribute: the
 * runtime sets the property only (React DOM mirrored it into the attribute, Preact does not).
 */
export async function waitForValue(input: Locator, value: string, timeout = 20_000): Promise<void> {
  await input.waitFor({ timeout });
  const handle = await input.elementHandle();
  await input.page().waitForFunction(([el, v]) => (el as HTMLInputElement).value === v, [handle, value] as const, { timeout });
}

/**
 * Receiving: Submit, confirm in 'Return Processing Summary', and wait for the saved return's link;
 * returns the order and return ids the link points at.
 */
export async function submitReturnViaSummary(page: Page): Promise<{ orderId: string; returnId: string }> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
  await modal.getByRole('button', { name: 'Confirm & Submit Return' }).click();
  await modal.waitFor({ state: 'detached' });
  const link = page.getByTestId('saved-returns').getByRole('link').last();
  await link.waitFor();
  const [, orderId, returnId] = /\/orders\/(\d+)\/returns\/(\d+)$/.exec((await link.getAttribute('href'))!)!;
  return { orderId: orderId!, returnId: returnId! };
}
