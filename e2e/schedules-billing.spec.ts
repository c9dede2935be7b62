// Issue 12: a report schedule made in the customer drawer, "Send now" arriving in the outbox;
// a billing month on /admin/billing downloaded as CSV and XLSX and read back. axe on each state.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import ExcelJS from 'exceljs';
import { adminToken, apiCall, e2eTest, expectNoAxeViolations, loginAsAdmin, screenshot, useBrowser, waitForMail } from './support/index';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

describe('scheduled reports and billing', () => {
  e2eTest('an admin adds a weekly schedule and "Send now" mails the report', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 1, prefix: 'Sched Co' });
    await loginAsAdmin(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('No report schedules.').waitFor();
    await expectNoAxeViolations(page, 'reports & billing drawer: empty');
    const form = drawer.getByRole('form', { name: 'Add a report schedule' });
    await form.getByLabel('Time (HH:MM)').fill('06:30');
    const recipient = `brand-${seed.ref}@example.com`.toLowerCase();
    await form.getByLabel('Recipients').fill(recipient);
    await form.getByLabel('Recipients').press('Enter');
    await form.getByRole('checkbox', { name: 'XLSX' }).uncheck();
    await form.getByRole('button', { name: 'Add schedule' }).click();
    const card = drawer.getByRole('region', { name: /Report schedule \d+/ });
    await card.getByText(/Every Monday at 06:30/).waitFor();
    await card.getByText(`To ${recipient} · CSV`).waitFor();
    await screenshot(page, 'schedules-01-added');
    await expectNoAxeViolations(page, 'reports & billing drawer: a schedule');

    const sent = new Date(Date.now() - 1000);
    await card.getByRole('button', { name: 'Send now' }).click();
    const mail = await waitForMail({ to: recipient, subject: /Return report/, after: sent }, 30_000);
    assert.match(mail.subject, new RegExp(seed.company));
    assert.equal(mail.attachments.length, 1);
    assert.match(mail.attachments[0]!.filename, /^returns_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const header = mail.attachments[0]!.content.toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!;
    assert.ok(header.startsWith('Return ID,Return Date'), header);
    await card.getByText('(sent now)', { exact: false }).waitFor({ timeout: 15_000 });
    await card.getByText('Success').waitFor({ timeout: 15_000 });
    await screenshot(page, 'schedules-02-sent');

    // Edit: a bad address is named by its position and text; then a new time and a second address.
    await card.getByRole('button', { name: /^Edit \(report schedule/ }).click();
    const editForm = drawer.getByRole('form', { name: /^Edit report schedule \d+/ });
    await editForm.getByLabel('Recipients').fill('not-an-address');
    await editForm.getByLabel('Recipients').press('Enter');
    await editForm.getByRole('button', { name: 'Save schedule' }).click();
    await editForm.getByText('Recipient 2: "not-an-address" is not a valid e-mail address').waitFor();
    await screenshot(page, 'schedules-03-bad-recipient');
    await expectNoAxeViolations(page, 'reports & billing drawer: editing, a bad recipient');
    // Backspace in the empty field takes the last address off again.
    await editForm.getByLabel('Recipients').press('Backspace');
    await editForm.getByLabel('Time (HH:MM)').fill('07:45');
    await editForm.getByRole('button', { name: 'Save schedule' }).click();
    await card.getByText(/Every Monday at 07:45/).waitFor();
    await drawer.getByRole('form', { name: 'Add a report schedule' }).waitFor();

    // Pause: no next run; resume: a next run again.
    await card.getByRole('button', { name: /^Pause \(report schedule/ }).click();
    await card.getByText('No run until it is resumed').waitFor();
    await card.getByText('Paused', { exact: true }).waitFor();
    await screenshot(page, 'schedules-04-paused');
    await expectNoAxeViolations(page, 'reports & billing drawer: a paused schedule');
    await card.getByRole('button', { name: /^Resume \(report schedule/ }).click();
    await card.getByText(/^Next run /).waitFor();
    assert.equal(await card.getByText('Paused', { exact: true }).count(), 0);
    assert.deepEqual(errors, []);
  });

  e2eTest("an admin sets a customer's billing currency, with a clear message for a bad code", browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 1, prefix: 'Currency Co' });
    await loginAsAdmin(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: `Edit ${seed.company}` }).click();
    const drawer = page.getByRole('dialog');
    const currency = drawer.getByLabel('Billing currency');
    assert.equal(await currency.inputValue(), 'EUR');
    await currency.fill('XYZ');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Currency must be an ISO 4217 code such as EUR, USD or GBP').waitFor();
    await screenshot(page, 'customer-currency-invalid');
    await expectNoAxeViolations(page, 'customer form: a bad currency');
    await currency.fill('usd');
    assert.equal(await currency.inputValue(), 'USD');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const token = await adminToken();
    const currencyNow = async () =>
      ((await apiCall('GET', `/su/customers/${seed.customerId}/billing-rates`, { token })).message as { currency: string }).currency;
    for (let i = 0; i < 50 && (await currencyNow()) !== 'USD'; i++) await page.waitForTimeout(200);
    assert.equal(await currencyNow(), 'USD');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Billing rates (USD)' }).waitFor();
    assert.deepEqual(errors, []);
  });

  e2eTest('finance downloads a billing month as CSV and XLSX', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 2, prefix: 'Billing Co' });
    const a = await submitOrderReturn(seed, 0, 'BILL-1');
    const b = await submitOrderReturn(seed, 1, 'BILL-2');
    const token = await adminToken();
    const rate = await apiCall('POST', `/su/customers/${seed.customerId}/billing-rates`, {
      token,
      body: { event_type: 'return_received', amount_minor: 125, starts_on: '2020-01-01' },
    });
    assert.equal(rate.code, 200, JSON.stringify(rate));
    const month = new Date().toISOString().slice(0, 7);

    await loginAsAdmin(page);
    await page.goto('/admin/billing');
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await expectNoAxeViolations(page, 'billing: nothing chosen');
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: seed.company }).click();
    await page.getByLabel('Month (YYYY-MM)').fill(month);
    const returnsRow = page.getByRole('row', { name: /Return received/ });
    await returnsRow.getByRole('cell', { name: '2', exact: true }).waitFor();
    await page.getByRole('row', { name: /Total/ }).getByText('2.50 EUR').waitFor();
    await screenshot(page, 'billing-01-month');
    await expectNoAxeViolations(page, 'billing: a month');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = (await readFile((await csvDownload.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    assert.deepEqual(csv[0], [
      'Event',
      'Occurred At (UTC)',
      'Return ID',
      'Reference',
      'Operator',
      'Quantity',
      'Rate',
      'Amount',
      'Currency',
    ]);
    const returned = csv.filter((r) => r[0] === 'Return received');
    assert.deepEqual(
      returned.map((r) => [r[2], r[4], r[7]]),
      [
        [String(a.id), seed.operator.username, '1.25'],
        [String(b.id), seed.operator.username, '1.25'],
      ],
    );
    assert.ok(csv.some((r) => r[0] === 'Unit received' && r[2] === String(a.id)));

    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await xlsxDownload.path())!)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Billing')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    assert.equal(rows.length, csv.length + 1, 'the same events and a total row');
    assert.deepEqual(rows.at(-1), ['Total', '', '', '', '', '', '', 2.5, 'EUR']);
    assert.deepEqual(errors, []);
  });
});
