// SPEC §2.10 and issue 4: header (order-based and blind), lines, timeline with task titles and colours,
// the Task Detail modal (operator without, admin with the Task Action panel), another customer refused.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiLogin, createOperator, e2eTest, loginAsAdmin, loginViaUi, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

const field = (page: Page, label: string) => page.getByTestId(`field-${label}`);

/** The outbound task runs in the worker; wait until it has left Pending so the timeline is settled. */
async function waitForTask(token: string, returnId: number, orderId: number | 'blind') {
  for (let i = 0; i < 100; i++) {
    const res = await apiCall<{ tasks: { task_status: string }[] }>('GET', `/returns/${returnId}/order/${orderId}`, { token });
    if (res.message.tasks.length && res.message.tasks.every((t) => t.task_status !== 'Pending')) return res.message.tasks;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the outbound task did not finish');
}

describe('return view', () => {
  e2eTest('an order-based return with header, lines, timeline and the task modal', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 1, prefix: 'View Co' });
    const saved = await submitOrderReturn(seed, 0, 'RV-REF-1');
    const tasks = await waitForTask(seed.token, saved.id, saved.orderId);

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
    await page.getByRole('heading', { name: 'Return View' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Create Another' }).count(), 0, 'only blind returns offer Create Another');
    assert.equal(await field(page, 'Return #').innerText(), String(saved.id));
    assert.equal(await field(page, 'Ref 1').innerText(), 'RV-REF-1');
    assert.equal(await field(page, 'Date').innerText(), 'Nov 20, 2026');
    assert.equal(await field(page, 'Blind').innerText(), 'N');
    assert.equal(await field(page, 'Customer').innerText(), seed.company);
    assert.equal(await field(page, 'Source').innerText(), 'Biztalk');
    assert.equal(await field(page, 'Type').innerText(), 'Web');
    assert.equal(await field(page, 'Delivery #').innerText(), `HD${seed.ref}000`);
    assert.equal(await field(page, 'Order #').innerText(), `HO-${seed.ref}-000`);
    assert.equal(await field(page, 'Name 1').innerText(), 'Anna Schmidt');
    assert.equal(await field(page, 'Address 1').innerText(), 'Lindenstrasse 12');
    assert.equal(await field(page, 'Address 4').innerText(), '10115 Berlin DE');
    await field(page, 'Msg #').waitFor();
    const line = page.getByTestId('return-lines').locator('tbody tr').first();
    assert.match(
      await line.innerText(),
      new RegExp(`${seed.products[0]!.sku}[\\s\\S]*Trail Runner Shoe[\\s\\S]*1[\\s\\S]*Scrap[\\s\\S]*Damaged in transit[\\s\\S]*seam open`),
    );

    const timeline = page.getByTestId('return-timeline');
    await timeline.getByText('Order Imported').waitFor();
    await timeline.getByText('From Biztalk').waitFor();
    await timeline.getByText('Return Created').waitFor();
    await timeline.getByText(`By ${seed.operator.username}`).waitFor();
    const item = page.getByTestId('timeline-task').first();
    assert.equal(await item.getAttribute('data-task-type'), 'SGL Outbound');
    await item.getByText('Biztalk File').waitFor();
    assert.equal(
      await item.getAttribute('data-color'),
      tasks[0]!.task_status === 'Success' ? 'green' : tasks[0]!.task_status === 'Error' ? 'red' : 'gray',
    );
    await screenshot(page, 'return-view-01-order-based');

    // The operator's modal: logs and the file, no Task Action panel.
    await item.getByRole('button', { name: /^View Biztalk File task/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(/^Task #\d+$/).waitFor();
    await modal.getByText('Task Logs').waitFor();
    assert.equal(await modal.getByLabel('Attempts').count(), 0);
    await screenshot(page, 'return-view-02-task-modal-operator');
    await page.keyboard.press('Escape');

    // Another operator is refused (403) and the screen shows nothing.
    const stranger = await createOperator({ customerIds: [] });
    const refused = await apiCall('GET', `/returns/${saved.id}/order/${saved.orderId}`, {
      token: await apiLogin(stranger.username, stranger.password),
    });
    assert.equal(refused.code, 403);
    const strangerPage = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const p2 = await strangerPage.newPage();
    await loginViaUi(p2, stranger.username, stranger.password);
    await p2.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
    await p2.waitForLoadState('networkidle');
    await p2.getByRole('button', { name: 'User menu' }).waitFor();
    assert.equal(await p2.getByRole('heading', { name: 'Return View' }).count(), 0);
    await screenshot(p2, 'return-view-03-forbidden');
    await strangerPage.close();
    assert.deepEqual(errors, []);
  });

  e2eTest('an admin sees the Task Action panel; a blind return offers Create Another', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 1, prefix: 'View Blind Co' });
    const id = await submitBlindReturn(seed, 'BL-REF', seed.products[0]!.sku);
    await waitForTask(seed.token, id, 'blind');
    await loginAsAdmin(page);
    await page.goto(`/orders/blind/returns/${id}`);
    await page.getByRole('heading', { name: 'Return View' }).waitFor();
    assert.equal(await field(page, 'Blind').innerText(), 'Y');
    // Issue 15: a blind return names its customer too; the order fields stay away.
    assert.equal(await field(page, 'Customer').innerText(), seed.company);
    assert.equal(await page.getByTestId('field-Delivery #').count(), 0, 'no order fields for a blind return');
    assert.equal(await page.getByText('Order Imported').count(), 0);
    await page.getByText('Return Created').waitFor();
    await screenshot(page, 'return-view-04-blind');

    await page
      .getByTestId('timeline-task')
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const modal = page.getByRole('dialog');
    await modal.getByText(/^Task #\d+$/).waitFor();
    await modal.getByLabel('Attempts').waitFor();
    await screenshot(page, 'return-view-05-task-modal-admin');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Create Another' }).click();
    await page.waitForURL(new RegExp(`/blind/${seed.customerId}$`));
    await page.getByRole('heading', { name: `${seed.company}: Blind Return` }).waitFor();
    assert.deepEqual(errors, []);
  });
});
