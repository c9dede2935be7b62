// Issue 27 "blind returns use the same rules": a blind return of a product whose rule has two steps
// (a confirm and a yes/no) and a required serial that must be shipped, from the keyboard: the scan
// opens the desk's inspection with the cursor on the serial, the next scan is the serial (recorded
// as not shipped: a blind return has none), Enter and Y answer the steps, a grade key sets the grade;
// a second unit with the same serial is flagged; a product without a rule costs nothing; Alt+S saves
// grade, answers and serial, and the Return View shows them (the grade by the customer's name for it,
// the serial's marks, the answers opened from the keyboard). At the desk (1366×768) and on a handheld
// (412×915), axe 0.
import { DEFAULT_GRADE_SCALE } from '../src/contract/inspection-rules';
import { isTouch, layoutProblems } from './support/layout-audit';
import { Interactions } from './scan-desk';
import { seedReturnsCustomer } from './returns-seed';
import type { Api } from './support/api';
import { test, expect, loginViaUi, expectNoAxeViolations } from './support/index';

interface ReadLine {
  product_id: number;
  condition: string;
  inspection?: {
    grade: string | null;
    step_answers: { answer: string }[] | null;
    serial: string | null;
    serial_shipped: boolean | null;
    serial_repeated: boolean;
  } | null;
}

/** The phone's rule of both tests: a confirm step and a yes/no whose "no" sets C, plus `extra` (a serial). Answers the admin's token. */
async function addPhoneRule(api: Api, customerId: number, sku: string, extra: Record<string, string> = {}): Promise<string> {
  const admin = await api.adminToken();
  const steps = [
    { text: 'Check the box is complete', kind: 'confirm' },
    { text: 'Is the screen free of cracks?', kind: 'yes_no', no_grade: 'C' },
  ];
  const rule = await api.call('POST', `/api/su/customers/${customerId}/rules`, {
    token: admin,
    body: { match: 'sku', value: sku, steps, ...extra },
  });
  expect(rule.code, JSON.stringify(rule)).toBe(200);
  return admin;
}

test.describe('inspection rules in a blind return', () => {
  test('two steps and a required serial from the keyboard; a repeated serial flagged @handheld', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }, testInfo) => {
    test.slow();
    const touch = isTouch(testInfo);
    const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'Blind Inspection Co' });
    const [phone, plain] = seed.products;
    const admin = await addPhoneRule(api, seed.customerId, phone!.sku, { serial: 'required', serial_check: 'shipped' });

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/blind/${seed.customerId}`);
    await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
    await expect(page.getByLabel('Reference 1')).toBeFocused();
    const keys = new Interactions(page);
    await keys.scan(`RMA-${seed.ref}`);
    const search = page.getByLabel('Product Search');
    await expect(search).toBeFocused();

    // The phone: the inspection opens, its serial first (the next scan), its two steps listed.
    await keys.scan(phone!.upc);
    const inspection = page.getByTestId('inspection');
    await expect(inspection).toBeVisible();
    await expect(inspection.getByTestId('inspection-step')).toHaveCount(2);
    await expect(inspection.getByTestId('inspection-serial')).toBeFocused();
    await expect(page.getByTestId('blind-line')).toHaveCount(1);
    await takeScreenshot(page, `blind-inspection-01-serial-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'blind return: an inspection waiting for its serial');
    if (touch) expect(await layoutProblems(page, { touch })).toEqual([]);

    await keys.scan('SN-A1');
    await expect(inspection.getByTestId('inspection-serial-taken')).toContainText('Serial SN-A1');
    await expect(inspection.getByTestId('inspection-serial-taken')).toContainText(
      'no shipped serials on a blind return: recorded as a discrepancy',
    );
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Check the box is complete');
    await expect(inspection.getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
    await takeScreenshot(page, `blind-inspection-02-steps-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'blind return: the steps of an inspection');
    if (touch) expect(await layoutProblems(page, { touch })).toEqual([]);
    // Grade B (key 2), then Enter and Y.
    await keys.press('2');
    await expect(inspection.getByRole('button', { name: /^2 · B$/ })).toHaveAttribute('aria-pressed', 'true');
    await keys.press('Enter');
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Is the screen free of cracks?');
    await expect(inspection.getByRole('button', { name: 'Yes (Y)' })).toBeFocused();
    await keys.press('y');
    await expect(inspection).not.toBeAttached();
    await expect(search).toBeFocused();
    const first = page.getByTestId('blind-line').first();
    await expect(first.getByTestId('blind-line-inspection')).toContainText('Grade B');
    await expect(first.getByTestId('blind-line-inspection')).toContainText('Serial SN-A1');
    await expect(first.getByLabel('Condition')).toHaveValue('Reconditioning');
    await expect(first.getByLabel('Quantity')).toBeDisabled();

    // A second unit of the phone is a line of its own; the same serial again is flagged. A "no" sets grade C.
    await keys.scan(phone!.upc);
    await expect(inspection.getByTestId('inspection-serial')).toBeFocused();
    await keys.scan('SN-A1');
    await expect(inspection.getByTestId('inspection-serial-taken')).toContainText('received before');
    await keys.press('Enter');
    await keys.press('n');
    await expect(inspection).not.toBeAttached();
    await expect(page.getByTestId('blind-line')).toHaveCount(2);
    await expect(page.getByTestId('blind-line').nth(1).getByTestId('blind-line-inspection')).toContainText('Grade C');
    await expect(page.getByTestId('blind-line').nth(1).getByTestId('blind-line-inspection')).toContainText('received before');

    // A product without a rule: no question, one more scan adds a unit to its line.
    await keys.scan(plain!.upc);
    await expect(page.getByTestId('blind-line')).toHaveCount(3);
    await keys.scan(plain!.upc);
    await expect(page.locator(`[data-testid="blind-line"][data-sku="${plain!.sku}"]`).getByLabel('Quantity')).toHaveValue('2');
    await expect(inspection).not.toBeAttached();
    await takeScreenshot(page, `blind-inspection-03-lines-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'blind return: inspected lines');
    if (touch) expect(await layoutProblems(page, { touch })).toEqual([]);

    // Alt+S saves; the return holds the grades, answers and serials.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/returns/blind/${seed.customerId}`));
    await keys.press('Alt+S');
    const answer = (await (await saved).json()) as { code: number; message: { id: number } };
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/orders/blind/returns/${answer.message.id}$`));
    const read = await api.call<{ lines: ReadLine[] }>('GET', `/api/returns/${answer.message.id}/order/blind`, { token: seed.token });
    const inspected = read.message.lines.map((l) => [
      l.condition,
      l.inspection?.grade ?? null,
      l.inspection?.step_answers?.map((a) => a.answer) ?? null,
      l.inspection?.serial ?? null,
      l.inspection?.serial_shipped ?? null,
      l.inspection?.serial_repeated ?? false,
    ]);
    expect(inspected).toEqual([
      ['Reconditioning', 'B', ['done', 'yes'], 'SN-A1', false, false],
      ['Reconditioning', 'C', ['done', 'no'], 'SN-A1', false, true],
      ['Pristine', null, null, null, null, false],
    ]);

    // The Return View shows each line's inspection. The customer renames grade B meanwhile: the view
    // reads grades by the customer's name for them (a grade kept as is reads as History shows it).
    const scale = DEFAULT_GRADE_SCALE.map((g) => (g.grade === 'B' ? { ...g, label: 'Refurbish' } : g));
    const renamed = await api.call('PUT', `/api/su/customers/${seed.customerId}/grades`, { token: admin, body: { grades: scale } });
    expect(renamed.code, JSON.stringify(renamed)).toBe(200);
    await page.reload();
    const lines = page.getByTestId('return-line');
    await expect(lines).toHaveCount(3);
    await expect(page.getByRole('columnheader', { name: 'Inspection' })).toBeVisible();
    const [b, c, none] = [lines.nth(0), lines.nth(1), lines.nth(2)];
    await expect(b.getByTestId('line-grade')).toHaveText('Refurbish');
    await expect(b.getByTestId('line-serial')).toContainText('Serial SN-A1');
    await expect(b.getByTestId('serial-not-shipped')).toHaveText('no shipped serials on a blind return');
    await expect(b.getByTestId('serial-repeated')).toHaveCount(0);
    await expect(c.getByTestId('line-grade')).toHaveText('Grade C');
    await expect(c.getByTestId('serial-not-shipped')).toHaveText('no shipped serials on a blind return');
    await expect(c.getByTestId('serial-repeated')).toHaveText('received before');
    await expect(none.getByTestId('line-inspection')).toHaveCount(0);
    // The steps' answers open from the keyboard (Tab to the button, Enter), and close with Space.
    const toggle = c.getByRole('button', { name: '2 steps, 1 “no”' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await b.getByRole('button', { name: '2 steps' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const steps = c.getByRole('list', { name: 'Inspection steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText('Check the box is complete');
    await expect(steps.nth(0)).toContainText('Done');
    await expect(steps.nth(1)).toContainText('Is the screen free of cracks?');
    await expect(steps.nth(1)).toHaveAttribute('data-answer', 'no');
    await expect(steps.nth(1)).toContainText('No');
    // On a handheld the table scrolls inside its box: the opened steps are brought into view.
    await c.getByTestId('line-inspection').scrollIntoViewIfNeeded();
    await takeScreenshot(page, `blind-inspection-04-return-view-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'return view: inspected lines, steps open');
    expect(await layoutProblems(page, { touch })).toEqual([]);
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(c.getByTestId('line-steps')).toHaveCount(0);

    console.log(`blind return with inspection (${testInfo.project.name}): ${keys.count} interactions: ${keys.log.join(', ')}`);
    expect(errors).toEqual([]);
  });

  test('an expected return’s announced product is inspected by its rule, a unit at a time, before the save', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }) => {
    test.slow();
    const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'Expected Inspection Co' });
    const [phone, plain] = seed.products;
    const admin = await addPhoneRule(api, seed.customerId, phone!.sku);
    // Pre-advice naming no order: two phones and one plain product.
    const rma = `RMA-E${seed.ref}`;
    const content = `RMA,Tracking Number,Order Reference,SKU,UPC,Quantity,Reason\n${rma},,,${phone!.sku},,2,\n${rma},,,${plain!.sku},,1,\n`;
    const uploaded = await api.call('POST', `/api/su/customers/${seed.customerId}/expected-returns/import`, {
      token: admin,
      body: { format: 'csv', content },
    });
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(200);

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    const keys = new Interactions(page);
    await page.getByLabel('Search Reference').focus();
    await keys.scan(rma);
    await page.waitForURL(`**/blind/${seed.customerId}?rma=${rma}`);
    // The first phone's inspection opens by itself, the cursor on its first step.
    const inspection = page.getByTestId('inspection');
    await expect(inspection).toBeVisible();
    await expect(inspection).toHaveAccessibleName(`Inspection of ${phone!.sku}`);
    await expect(inspection.getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
    await expect(page.getByTestId('blind-line')).toHaveCount(3);
    await takeScreenshot(page, 'blind-inspection-05-expected-first-unit');
    await expectNoAxeViolations(page, 'blind return: an announced unit under inspection');
    await keys.press('Enter');
    await keys.press('y');
    // Then the second phone's, from the keyboard too; a "no" sets grade C.
    await expect(inspection.getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Check the box is complete');
    await expect(inspection.getByTestId('inspection-step').first().getByText('Done', { exact: true })).toHaveCount(0);
    await keys.press('Enter');
    await keys.press('n');
    await expect(inspection).not.toBeAttached();
    await expect(page.getByLabel('Product Search')).toBeFocused();
    const phones = page.locator(`[data-testid="blind-line"][data-sku="${phone!.sku}"]`);
    await expect(phones).toHaveCount(2);
    await expect(phones.nth(0).getByTestId('blind-line-inspection')).toContainText('Grade A');
    await expect(phones.nth(1).getByTestId('blind-line-inspection')).toContainText('Grade C');
    await expect(page.locator(`[data-testid="blind-line"][data-sku="${plain!.sku}"]`).getByLabel('Quantity')).toHaveValue('1');

    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/returns/blind/${seed.customerId}`));
    await keys.press('Alt+S');
    const answer = (await (await saved).json()) as { code: number; message: { id: number } };
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    const read = await api.call<{ lines: (ReadLine & { product: { sku: string } })[] }>(
      'GET',
      `/api/returns/${answer.message.id}/order/blind`,
      { token: seed.token },
    );
    expect(
      read.message.lines.map((l) => [l.product.sku, l.inspection?.grade ?? null, l.inspection?.step_answers?.map((a) => a.answer) ?? null]),
    ).toEqual([
      [phone!.sku, 'A', ['done', 'yes']],
      [phone!.sku, 'C', ['done', 'no']],
      [plain!.sku, null, null],
    ]);
    console.log(`expected blind return with inspection: ${keys.count} interactions: ${keys.log.join(', ')}`);
    expect(errors).toEqual([]);
  });
});
