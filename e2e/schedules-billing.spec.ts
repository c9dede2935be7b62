// Issue 12: a report schedule made in the customer drawer, "Send now" arriving in the outbox;
// a billing month on /admin/billing downloaded as CSV and XLSX and read back. axe on each state.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { test, expect, expectNoAxeViolations } from './support/index';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';

test.describe('scheduled reports and billing', () => {
  test('an admin adds a weekly schedule and "Send now" mails the report', async ({
    page,
    errors,
    outbox,
    takeScreenshot,
    loginAsAdmin,
    api,
  }) => {
    // A long flow with four axe audits and a mail through the worker: over a minute while another spec runs.
    test.slow();
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Sched Co' });
    await loginAsAdmin(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('No report schedules.')).toBeVisible();
    await expectNoAxeViolations(page, 'reports & billing drawer: empty');
    const form = drawer.getByRole('form', { name: 'Add a report schedule' });
    await form.getByLabel('Time (HH:MM)').fill('06:30');
    const recipient = `brand-${seed.ref}@example.com`.toLowerCase();
    await form.getByLabel('Recipients').fill(recipient);
    await form.getByLabel('Recipients').press('Enter');
    await form.getByRole('checkbox', { name: 'XLSX' }).uncheck();
    await form.getByRole('button', { name: 'Add schedule' }).click();
    const card = drawer.getByRole('region', { name: /Report schedule \d+/ });
    await expect(card.getByText(/Every Monday at 06:30/)).toBeVisible();
    await expect(card.getByText(`To ${recipient} · CSV`)).toBeVisible();
    await takeScreenshot(page, 'schedules-01-added');
    await expectNoAxeViolations(page, 'reports & billing drawer: a schedule');

    const sent = new Date(Date.now() - 1000);
    await card.getByRole('button', { name: 'Send now' }).click();
    const mail = await outbox.waitForMail({ to: recipient, subject: /Return report/, after: sent }, 30_000);
    expect(mail.subject).toMatch(new RegExp(seed.company));
    expect(mail.attachments.length).toBe(1);
    expect(mail.attachments[0]!.filename).toMatch(/^returns_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const header = mail.attachments[0]!.content.toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!;
    expect(header.startsWith('Return ID,Return Date'), header).toBeTruthy();
    await expect(card.getByText('(sent now)', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('Success')).toBeVisible({ timeout: 15_000 });
    await takeScreenshot(page, 'schedules-02-sent');

    // Edit: a bad address is named by its position and text; then a new time and a second address.
    await card.getByRole('button', { name: /^Edit \(report schedule/ }).click();
    const editForm = drawer.getByRole('form', { name: /^Edit report schedule \d+/ });
    await editForm.getByLabel('Recipients').fill('not-an-address');
    await editForm.getByLabel('Recipients').press('Enter');
    await editForm.getByRole('button', { name: 'Save schedule' }).click();
    await expect(editForm.getByText('Recipient 2: "not-an-address" is not a valid e-mail address')).toBeVisible();
    await takeScreenshot(page, 'schedules-03-bad-recipient');
    await expectNoAxeViolations(page, 'reports & billing drawer: editing, a bad recipient');
    // Backspace in the empty field takes the last address off again.
    await editForm.getByLabel('Recipients').press('Backspace');
    await editForm.getByLabel('Time (HH:MM)').fill('07:45');
    await editForm.getByRole('button', { name: 'Save schedule' }).click();
    await expect(card.getByText(/Every Monday at 07:45/)).toBeVisible();
    await expect(drawer.getByRole('form', { name: 'Add a report schedule' })).toBeVisible();

    // Pause: no next run; resume: a next run again.
    await card.getByRole('button', { name: /^Pause \(report schedule/ }).click();
    await expect(card.getByText('No run until it is resumed')).toBeVisible();
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await takeScreenshot(page, 'schedules-04-paused');
    await expectNoAxeViolations(page, 'reports & billing drawer: a paused schedule');
    await card.getByRole('button', { name: /^Resume \(report schedule/ }).click();
    await expect(card.getByText(/^Next run /)).toBeVisible();
    await expect(card.getByText('Paused', { exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("an admin sets a customer's billing currency, with a clear message for a bad code", async ({
    page,
    errors,
    api,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Currency Co' });
    await loginAsAdmin(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: `Edit ${seed.company}` }).click();
    const drawer = page.getByRole('dialog');
    const currency = drawer.getByLabel('Billing currency');
    await expect(currency).toHaveValue('EUR');
    await currency.fill('XYZ');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Currency must be an ISO 4217 code such as EUR, USD or GBP')).toBeVisible();
    await takeScreenshot(page, 'customer-currency-invalid');
    await expectNoAxeViolations(page, 'customer form: a bad currency');
    await currency.fill('usd');
    await expect(currency).toHaveValue('USD');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const token = await api.adminToken();
    const currencyNow = async () =>
      ((await api.call('GET', `/su/customers/${seed.customerId}/billing-rates`, { token })).message as { currency: string }).currency;
    await expect.poll(currencyNow).toBe('USD');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Billing rates (USD)' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('finance downloads a billing month as CSV and XLSX', async ({ page, errors, api, takeScreenshot, loginAsAdmin }) => {
    const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'Billing Co' });
    const a = await submitOrderReturn(api, seed, 0, 'BILL-1');
    const b = await submitOrderReturn(api, seed, 1, 'BILL-2');
    const token = await api.adminToken();
    const rate = await api.call('POST', `/su/customers/${seed.customerId}/billing-rates`, {
      token,
      body: { event_type: 'return_received', amount_minor: 125, starts_on: '2020-01-01' },
    });
    expect(rate.code, JSON.stringify(rate)).toBe(200);
    const month = new Date().toISOString().slice(0, 7);

    await loginAsAdmin(page);
    await page.goto('/admin/billing');
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    await expectNoAxeViolations(page, 'billing: nothing chosen');
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: seed.company }).click();
    await page.getByLabel('Month (YYYY-MM)').fill(month);
    const returnsRow = page.getByRole('row', { name: /Return received/ });
    await expect(returnsRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /Total/ }).getByText('€2.50')).toBeVisible();
    await takeScreenshot(page, 'billing-01-month');
    await expectNoAxeViolations(page, 'billing: a month');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = (await readFile((await csvDownload.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(csv[0]).toEqual(['Event', 'Occurred At (UTC)', 'Return ID', 'Reference', 'Operator', 'Quantity', 'Rate', 'Amount', 'Currency']);
    const returned = csv.filter((r) => r[0] === 'Return received');
    expect(returned.map((r) => [r[2], r[4], r[7]])).toEqual([
      [String(a.id), seed.operator.username, '1.25'],
      [String(b.id), seed.operator.username, '1.25'],
    ]);
    expect(csv.some((r) => r[0] === 'Unit received' && r[2] === String(a.id))).toBeTruthy();

    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await xlsxDownload.path())!)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Billing')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.length, 'the same events and a total row').toBe(csv.length + 1);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', '', '', '', 2.5, 'EUR']);
    expect(errors).toEqual([]);
  });
});
