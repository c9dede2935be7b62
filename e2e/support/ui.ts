// Steps through the SPA that many specs share.
import { expect, type Locator, type Page } from '@playwright/test';
import { EXPIRE_KEY, TOKEN_KEY } from '../../src/web/auth/token-store';

/** Fills the login form and waits until the authenticated layout shows the user menu. */
export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/**
 * Signs in without the form, for a test whose subject is not the login (the auth specs keep
 * loginViaUi): the login route through the page's own request context (its client address), the
 * token and expiry put where the SPA keeps them, then `path` opened; the SPA checks the token as on
 * any reload and shows the user menu. Saves typing into the form and the login screen's own load.
 */
export async function loginViaApi(page: Page, username: string, password: string, path = '/'): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  const body = (await res.json()) as { code: number; message: { token: string; expire: string } };
  expect(body.code, `API login of ${username}: ${JSON.stringify(body)}`).toBe(200);
  // localStorage belongs to the origin: a small same-origin answer (no SPA boot) to write it from.
  await page.goto('/api/ready');
  await page.evaluate(
    ({ keys, token, expire }) => {
      localStorage.setItem(keys[0], token);
      localStorage.setItem(keys[1], expire);
    },
    { keys: [TOKEN_KEY, EXPIRE_KEY] as const, token: body.message.token, expire: body.message.expire },
  );
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/auth/login');
}

/** Expects a notification with this title (and text, when given) to be shown. */
export async function expectNotification(page: Page, title: string, text?: string): Promise<void> {
  const note = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await expect((text ? note.filter({ hasText: text }) : note).first()).toBeVisible();
}

/**
 * Receiving: Submit, confirm in 'Return Processing Summary', and wait for the saved return's link;
 * returns the order and return ids the link points at.
 */
/**
 * The demo orders are shared by the specs of one run, so an order may already be received in full
 * when a spec receives it again: the summary then lists the lines received beyond what was ordered,
 * and Confirm waits for the operator's tick (issue 28). A spec that means to submit ticks it. True when it did.
 */
export async function confirmOverReceipt(summary: Locator): Promise<boolean> {
  await expect(summary.getByTestId('summary-table')).toBeVisible();
  if (!(await summary.getByText('More received than ordered').isVisible())) return false;
  await summary.getByLabel('I have counted again: these quantities are right').check();
  return true;
}

export async function submitReturnViaSummary(page: Page): Promise<{ orderId: string; returnId: string }> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
  await confirmOverReceipt(modal);
  await modal.getByRole('button', { name: 'Confirm & Submit Return' }).click();
  await expect(modal).not.toBeAttached();
  const link = page.getByTestId('saved-returns').getByRole('link').last();
  await expect(link).toHaveAttribute('href', /\/orders\/\d+\/returns\/\d+$/);
  const [, orderId, returnId] = /\/orders\/(\d+)\/returns\/(\d+)$/.exec((await link.getAttribute('href'))!)!;
  return { orderId: orderId!, returnId: returnId! };
}
