// Issue 25, the brand's billing statements and report schedules: a brand user opens Billing from the
// portal's navigation, views its customer's closed month and downloads it; opens Schedules, adds a
// schedule to its own e-mail domain, pauses it, and is refused an address of another domain. axe 0,
// the keyboard, and 44 px tap targets on touch, at desk, tablet and handheld sizes.
import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, loginViaUi, test, unique, type Api } from './support/index';
import { isTouch, layoutProblems } from './support/layout-audit';

/** A customer with a closed October and a brand user of it (at brand.example), through the API. */
async function seedBrand(api: Api) {
  const token = await api.adminToken();
  const company = unique('Brand Bill Co');
  const customerId = await api.createCustomerWithReasons(token, company);
  const rate = await api.call('POST', `/su/customers/${customerId}/billing-rates`, {
    token,
    body: { event_type: 'return_received', amount_minor: 150, starts_on: '2026-01-01' },
  });
  expect(rate.code, JSON.stringify(rate)).toBe(200);
  const closed = await api.call('POST', '/su/billing/close', { token, body: { customer_id: customerId, month: '2026-10' } });
  expect(closed.code, JSON.stringify(closed)).toBe(200);
  const { username, password } = await api.createUser({ isBrand: true, customerIds: [customerId] });
  return { company, customerId, username, password };
}

test.describe("the brand's billing statements and report schedules", () => {
  test(
    'a brand user views and downloads a closed statement, adds a schedule to its own domain and is refused another',
    { tag: ['@responsive', '@handheld'] },
    async ({ page, api, takeScreenshot, errors }, testInfo) => {
      // Two screens with several states each, checked at each: more than one screen's default time.
      test.setTimeout(300_000);
      const s = await seedBrand(api);
      const size = testInfo.project.name;
      const touch = isTouch(testInfo);
      const fits = async (state: string) => {
        expect(await layoutProblems(page, { touch }), state).toEqual([]);
        await expectNoAxeViolations(page, state);
      };

      await loginViaUi(page, s.username, s.password);
      await page.waitForURL('**/history?**');
      const nav = page.getByRole('navigation', { name: 'Main' });

      // Billing: the closed month, read by the keyboard, downloaded.
      await nav.getByRole('link', { name: 'Billing' }).click();
      await expect(page.getByRole('heading', { name: 'Billing statements', level: 1 })).toBeVisible();
      const statements = page.getByTestId('statements');
      await expect(statements.getByRole('row', { name: /2026-10/ })).toBeVisible();
      await fits(`brand billing: statements (${size})`);
      await takeScreenshot(page, `brand-billing-list-${size}`);
      await page.getByRole('button', { name: 'View statement 2026-10' }).focus();
      await page.keyboard.press('Enter');
      const statement = page.getByRole('region', { name: 'Statement 2026-10' });
      await expect(statement.getByRole('heading', { name: `${s.company} · 2026-10` })).toBeVisible();
      await expect(statement.getByTestId('statement-total')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close month' })).toHaveCount(0);
      await fits(`brand billing: a statement (${size})`);
      await takeScreenshot(page, `brand-billing-statement-${size}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        statement.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^billing_Brand_Bill_Co.*_2026-10\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Event,Occurred At (UTC),Return ID,Reference,Operator,Quantity,Rate,Amount,Currency',
      );

      // An open month is not a statement: the link of one says so.
      await page.goto(`/billing?customer_id=${s.customerId}&month=2026-11`);
      await expect(page.getByText('There is no closed statement for 2026-11.')).toBeVisible();

      // Schedules: one to its own domain, paused; another domain refused by name.
      await nav.getByRole('link', { name: 'Schedules' }).click();
      await expect(page.getByRole('heading', { name: 'Report schedules', level: 1 })).toBeVisible();
      await expect(page.getByText('No report schedules.')).toBeVisible();
      const form = page.getByRole('form', { name: 'Add a report schedule' });
      await expect(form.getByText('Addresses at brand.example only; type an address, then Enter')).toBeVisible();
      await fits(`brand schedules: empty (${size})`);
      await takeScreenshot(page, `brand-schedules-empty-${size}`);

      await form.getByLabel('Time (HH:MM)').fill('06:30');
      await form.getByLabel('Recipients').fill('boss@elsewhere.test');
      await form.getByLabel('Recipients').press('Enter');
      await form.getByRole('button', { name: 'Add schedule' }).click();
      await expect(
        form.getByText('Recipient 1: "boss@elsewhere.test" is not an address of your own e-mail domain (brand.example)'),
      ).toBeVisible();
      await fits(`brand schedules: another domain refused (${size})`);
      await takeScreenshot(page, `brand-schedules-refused-${size}`);

      const recipient = `${s.username}.team@brand.example`.toLowerCase();
      await form.getByLabel('Recipients').press('Backspace');
      await form.getByLabel('Recipients').fill(recipient);
      await form.getByLabel('Recipients').press('Enter');
      await form.getByRole('button', { name: 'Add schedule' }).click();
      const card = page.getByRole('region', { name: /Report schedule \d+/ });
      await expect(card.getByText(/Every Monday at 06:30/)).toBeVisible();
      await expect(card.getByText(`To ${recipient} · XLSX + CSV`)).toBeVisible();
      await card.getByRole('button', { name: /^Pause \(report schedule/ }).click();
      await expect(card.getByText('Paused')).toBeVisible();
      await expect(card.getByText('No run until it is resumed')).toBeVisible();
      await fits(`brand schedules: one paused (${size})`);
      await takeScreenshot(page, `brand-schedules-paused-${size}`);
      // Resumed: the card offers Pause again (its failure screenshot showed the resumed card while a
      // loose getByText('Paused') still matched something in the card).
      await card.getByRole('button', { name: /^Resume \(report schedule/ }).click();
      await expect(card.getByRole('button', { name: /^Pause \(report schedule/ })).toBeVisible();
      await expect(card.getByText('Paused', { exact: true })).toHaveCount(0);
      expect(errors).toEqual([]);
    },
  );
});
