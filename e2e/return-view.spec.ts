// SPEC §2.10 and issue 4: header (order-based and blind), lines, timeline with task titles and colours,
// the Task Detail modal (operator without, admin with the Task Action panel), another customer refused.
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi } from './support/index';
import { expectReturnTasks, seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const field = (page: Page, label: string) => page.getByTestId(`field-${label}`);

test.describe('return view', () => {
  test('an order-based return with header, lines, timeline and the task modal', async ({ page, errors, api, takeScreenshot }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'View Co' });
    const saved = await submitOrderReturn(api, seed, 0, 'RV-REF-1');
    const tasks = await expectReturnTasks(api, seed.token, saved.id, saved.orderId, 'settled');

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Another' }), 'only blind returns offer Create Another').toHaveCount(0);
    await expect(field(page, 'Return #')).toHaveText(String(saved.id));
    await expect(field(page, 'Ref 1')).toHaveText('RV-REF-1');
    await expect(field(page, 'Date')).toHaveText('Nov 20, 2026');
    await expect(field(page, 'Blind')).toHaveText('N');
    await expect(field(page, 'Customer')).toHaveText(seed.company);
    await expect(field(page, 'Source')).toHaveText('Biztalk');
    await expect(field(page, 'Type')).toHaveText('Web');
    await expect(field(page, 'Delivery #')).toHaveText(`HD${seed.ref}000`);
    await expect(field(page, 'Order #')).toHaveText(`HO-${seed.ref}-000`);
    await expect(field(page, 'Name 1')).toHaveText('Anna Schmidt');
    await expect(field(page, 'Address 1')).toHaveText('Lindenstrasse 12');
    await expect(field(page, 'Address 4')).toHaveText('10115 Berlin DE');
    await expect(field(page, 'Msg #')).toBeVisible();
    const line = page.getByTestId('return-lines').locator('tbody tr').first();
    await expect(line).toHaveText(
      new RegExp(`${seed.products[0]!.sku}[\\s\\S]*Trail Runner Shoe[\\s\\S]*1[\\s\\S]*Scrap[\\s\\S]*Damaged in transit[\\s\\S]*seam open`),
      { useInnerText: true },
    );

    const timeline = page.getByTestId('return-timeline');
    await expect(timeline.getByText('Order Imported')).toBeVisible();
    await expect(timeline.getByText('From Biztalk')).toBeVisible();
    await expect(timeline.getByText('Return Created')).toBeVisible();
    await expect(timeline.getByText(`By ${seed.operator.username}`)).toBeVisible();
    const item = page.getByTestId('timeline-task').first();
    await expect(item).toHaveAttribute('data-task-type', 'SGL Outbound');
    await expect(item.getByText('Biztalk File')).toBeVisible();
    await expect(item).toHaveAttribute(
      'data-color',
      tasks[0]!.task_status === 'Success' ? 'green' : tasks[0]!.task_status === 'Error' ? 'red' : 'gray',
    );
    await takeScreenshot(page, 'return-view-01-order-based');

    // The operator's modal: logs and the file, no Task Action panel.
    await item.getByRole('button', { name: /^View Biztalk File task/ }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(/^Task #\d+$/)).toBeVisible();
    await expect(modal.getByText('Task Logs')).toBeVisible();
    await expect(modal.getByLabel('Attempts')).toHaveCount(0);
    await takeScreenshot(page, 'return-view-02-task-modal-operator');
    await page.keyboard.press('Escape');

    // Another operator is refused (403) and the screen shows nothing.
    const stranger = await api.createOperator({ customerIds: [] });
    const refused = await api.call('GET', `/returns/${saved.id}/order/${saved.orderId}`, {
      token: await api.login(stranger.username, stranger.password),
    });
    expect(refused.code).toBe(403);
    const strangerPage = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const p2 = await strangerPage.newPage();
    await loginViaUi(p2, stranger.username, stranger.password);
    await p2.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
    await p2.waitForLoadState('networkidle');
    await expect(p2.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(p2.getByRole('heading', { name: 'Return View' })).toHaveCount(0);
    await takeScreenshot(p2, 'return-view-03-forbidden');
    await strangerPage.close();
    expect(errors).toEqual([]);
  });

  test('an admin sees the Task Action panel; a blind return offers Create Another', async ({
    page,
    errors,
    takeScreenshot,
    loginAsAdmin,
    api,
  }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'View Blind Co' });
    const id = await submitBlindReturn(api, seed, 'BL-REF', seed.products[0]!.sku);
    await expectReturnTasks(api, seed.token, id, 'blind', 'settled');
    await loginAsAdmin(page);
    await page.goto(`/orders/blind/returns/${id}`);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await expect(field(page, 'Blind')).toHaveText('Y');
    // Issue 15: a blind return names its customer too; the order fields stay away.
    await expect(field(page, 'Customer')).toHaveText(seed.company);
    await expect(page.getByTestId('field-Delivery #'), 'no order fields for a blind return').toHaveCount(0);
    await expect(page.getByText('Order Imported')).toHaveCount(0);
    await expect(page.getByText('Return Created')).toBeVisible();
    await takeScreenshot(page, 'return-view-04-blind');

    await page
      .getByTestId('timeline-task')
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(/^Task #\d+$/)).toBeVisible();
    await expect(modal.getByLabel('Attempts')).toBeVisible();
    await takeScreenshot(page, 'return-view-05-task-modal-admin');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Create Another' }).click();
    await page.waitForURL(new RegExp(`/blind/${seed.customerId}$`));
    await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
