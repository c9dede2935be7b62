// SPEC §2.15 and issue 4: the 'Generate Return Report' modal, its §5 messages, the success text,
// and the mail with the XLSX and CSV attachments landing in the outbox.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { e2eTest, loginViaUi, screenshot, useBrowser, waitForMail } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

async function setDate(page: Page, label: string, value: string) {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.fill(value);
  await input.press('Enter');
  await input.blur();
}

describe('report', () => {
  e2eTest('requesting a report mails the XLSX and CSV of the range', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 2, prefix: 'Report Co' });
    const a = await submitOrderReturn(seed, 0, 'REP-1');
    const b = await submitOrderReturn(seed, 1, 'REP-2');
    const blind = await submitBlindReturn(seed, 'REP-BLIND', seed.products[1]!.sku);

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Return History' }).waitFor();
    await page.getByRole('button', { name: 'Generate Return Report' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Generate Return Report').waitFor();
    assert.equal(await modal.getByLabel('Email').inputValue(), seed.operator.email, 'the e-mail defaults to the account');

    // §5 messages: no customer, a bad date, a bad e-mail.
    await setDate(page, 'Date From', '2026-11-30');
    await setDate(page, 'Date To', '2026-11-01');
    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByRole('button', { name: 'Send Report' }).click();
    await modal.getByText('Customer account is required').waitFor();
    await modal.getByText('please enter a valid date').waitFor();
    await modal.getByText('Email is not valid').waitFor();
    await screenshot(page, 'report-01-messages');

    await modal.getByLabel('Customer Account').click();
    await page.getByRole('option', { name: seed.company }).click();
    await setDate(page, 'Date From', '2026-11-01');
    await setDate(page, 'Date To', '2026-11-30');
    await modal
      .getByText('please enter a valid date')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    const email = `report-${seed.ref}@example.com`;
    await modal.getByLabel('Email').fill(email);
    const requested = new Date();
    await modal.getByRole('button', { name: 'Send Report' }).click();
    await modal.getByText('An email with the report will be sent shortly.').waitFor();
    await screenshot(page, 'report-02-sent');

    const mail = await waitForMail({ to: email, subject: /Return report/, after: requested }, 30_000);
    assert.match(mail.subject, new RegExp(seed.company));
    assert.deepEqual(
      mail.attachments.map((x) => x.filename),
      ['return_report_001.xlsx', 'return_report_001.csv'],
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Returns')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    assert.equal(rows[0]![0], 'Return ID');
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      [a.id, b.id, blind],
    );
    const blindRow = rows.find((r) => r[0] === blind)!;
    // Columns added by later features come after Blind: find it by its header.
    assert.equal(blindRow[rows[0]!.indexOf('Blind')], 'Y');
    assert.equal(blindRow[8], seed.products[1]!.sku);
    const csv = mail.attachments[1]!.content.toString('utf8');
    assert.equal(
      csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n').length,
      4,
    );
    assert.deepEqual(errors, []);
  });
});
