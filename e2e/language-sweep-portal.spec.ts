// Issue 24: a brand user walks the brand portal in German, Dutch, Polish and Spanish: Decisions with a
// line waiting (and the message of a decide without a disposition), then decided; Integrations;
// Billing with a closed statement; Schedules with the message of a foreign address; the Dashboard's
// decisions tile; History and a return's view with its decision. No English (support/english-text.ts).
import { test, expect, unique, type Api } from './support/index';
import { SWEEP_LOCALES, sweepCatalogue, sweepRecorder } from './support/english-text';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';

const DISPOSITIONS = [
  { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { code: 'SCRAP', name: 'Scrap it', requires_location: false, default_for: ['Scrap'] },
];

/** A customer whose Scrap lines wait for the brand, a closed month, one waiting line, and a brand user. */
async function seedPortal(api: Api) {
  const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Sweep Brand' });
  const token = await api.adminToken();
  const ok = (res: { code: number }) => expect(res.code, JSON.stringify(res)).toBe(200);
  for (const body of DISPOSITIONS) ok(await api.call('POST', `/su/customers/${seed.customerId}/dispositions`, { token, body }));
  ok(
    await api.call('POST', `/su/customers/${seed.customerId}/decision-rules`, {
      token,
      body: { kind: 'condition', value: 'Scrap', deadline_hours: 48, default_disposition: 'SCRAP' },
    }),
  );
  ok(
    await api.call('POST', `/su/customers/${seed.customerId}/billing-rates`, {
      token,
      body: { event_type: 'return_received', amount_minor: 150, starts_on: '2026-01-01' },
    }),
  );
  ok(await api.call('POST', '/su/billing/close', { token, body: { customer_id: seed.customerId, month: '2026-10' } }));
  const ret = await submitOrderReturn(api, seed, 0, unique('SWEEP-P'));
  const { username, password } = await api.createUser({ isBrand: true, customerIds: [seed.customerId] });
  return { seed, ret, username, password };
}

for (const locale of SWEEP_LOCALES) {
  test.describe(`brand portal in ${locale}`, () => {
    test.use({ locale });

    test(`${locale}: the brand portal's screens show no English`, async ({ page, api, takeScreenshot, errors }) => {
      test.slow();
      test.setTimeout(240_000);
      const { tr } = sweepCatalogue(locale);
      const { seed, ret, username, password } = await seedPortal(api);
      const { look, leaks } = sweepRecorder(page, locale, takeScreenshot, [seed.company, username, ...seed.products.map((p) => p.name_1)]);

      await page.goto('/auth/login');
      await page.getByLabel(tr('Username')).fill(username);
      await page.getByLabel(tr('Password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: tr('Login') }).click();
      await expect(page.getByRole('button', { name: tr('User menu') })).toBeVisible();
      await page.waitForURL('**/history?**');
      await look('portal-history');

      // Decisions: the waiting line, the message of a decide without a disposition, then decided.
      await page.goto('/decisions');
      const card = page.getByTestId('decision-card');
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('time-left')).toBeVisible();
      await look('portal-decisions');
      await card
        .getByRole('button')
        .filter({ hasText: tr('Decide') })
        .click();
      await expect(card.getByText(tr('Choose a disposition'))).toBeVisible();
      await look('portal-decisions-error');
      await card.getByRole('combobox').first().click();
      await page.getByRole('option', { name: 'SCRAP – Scrap it' }).click();
      await card
        .getByRole('button')
        .filter({ hasText: tr('Decide') })
        .click();
      await expect(page.getByTestId('decisions-empty')).toBeVisible();
      await look('portal-decisions-empty');
      await page.getByText(tr('Decided'), { exact: true }).click();
      await expect(page.getByTestId('decided-card')).toHaveCount(1);
      await look('portal-decisions-decided');

      // The return's view with its decision.
      await page.goto(`/orders/${ret.orderId}/returns/${ret.id}`);
      await expect(page.getByTestId('line-decision')).toHaveAttribute('data-state', 'decided');
      await look('portal-return-view');

      // Integrations, Billing with a closed statement, Schedules with a refused address.
      await page.goto('/integrations');
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await look('portal-integrations');
      await page.goto('/billing');
      await expect(page.getByTestId('statements').getByRole('row', { name: /2026-10/ })).toBeVisible();
      await look('portal-billing');
      await page
        .getByTestId('statements')
        .getByRole('row', { name: /2026-10/ })
        .getByRole('button')
        .first()
        .click();
      await expect(page.getByTestId('statement-total')).toBeVisible();
      await look('portal-billing-statement');
      await page.goto('/schedules');
      const form = page.getByRole('form');
      await expect(form).toBeVisible();
      await look('portal-schedules');
      await form.getByLabel(tr('Time (HH:MM)')).fill('06:30');
      await form.getByLabel(tr('Recipients')).fill('boss@elsewhere.test');
      await form.getByLabel(tr('Recipients')).press('Enter');
      await form.getByRole('button', { name: tr('Add schedule') }).click();
      await expect(page.getByText(/elsewhere\.test/).last()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await look('portal-schedules-refused');

      // The Dashboard with the decisions tile.
      await page.goto('/dashboard');
      await expect(page.getByTestId('tile-decisions').getByTestId('decisions-decided')).toHaveText('1');
      await look('portal-dashboard');

      expect(leaks, 'English texts on screens in the language').toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
