// Issue 16: a correction that removes a line keeps the line's photos as evidence of the earlier
// version; the Return View shows them apart, under "Photos of lines removed by a correction".
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import sharp from 'sharp';
import { adminToken, apiCall, e2eEnv, e2eTest, expectNoAxeViolations, loginAsAdmin, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer } from './returns-seed';

const browser = useBrowser();

describe('photos of a line a correction removed', () => {
  e2eTest('stay on the Return View, apart from the current lines, and open in the viewer', browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer({ orders: 1, prefix: 'Removed Line Co' });
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${e2eEnv.baseUrl}/api/photos?customer_id=${seed.customerId}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${seed.token}` },
      body: new Uint8Array(jpeg),
    });
    assert.equal(uploaded.status, 200);
    const photoId = ((await uploaded.json()) as { message: { id: number } }).message.id;
    const found = await apiCall<{ id: number; source: string }[]>('PUT', `/returns/search/${seed.customerId}`, {
      token: seed.token,
      body: { search: `HO-${seed.ref}-000` },
    });
    const hit = found.message[0]!;
    const loaded = await apiCall<{ id: number; order_lines: { id: number; product_id: number }[] }>(
      'PUT',
      `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`,
      { token: seed.token, body: {} },
    );
    const line = loaded.message.order_lines[0]!;
    const unit = { order_line_id: line.id, product_id: line.product_id, quantity: 1, reason: 'DAMAGED' };
    const saved = await apiCall<{ id: number; ledgers: { id: number }[] }>('POST', '/returns', {
      token: seed.token,
      body: {
        id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
        customer_id: seed.customerId,
        order_id: loaded.message.id,
        reference_1: 'REMOVED-1',
        return_date: '2026-11-20',
        return_ledgers: [
          { ...unit, condition: 'Scrap', photo_ids: [photoId] },
          { ...unit, condition: 'Pristine' },
        ],
      },
    });
    assert.equal(saved.code, 200, JSON.stringify(saved));
    const [, kept] = saved.message.ledgers;
    const corrected = await apiCall('POST', `/su/returns/${saved.message.id}/corrections`, {
      token: await adminToken(),
      body: {
        version: 1,
        comment: 'The scrapped unit was never here',
        lines: [{ id: kept!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    assert.equal(corrected.code, 200, JSON.stringify(corrected));

    await loginAsAdmin(page);
    await page.goto(`/orders/${loaded.message.id}/returns/${saved.message.id}`);
    const removed = page.getByTestId('removed-line-photos');
    await removed.getByRole('heading', { name: 'Photos of lines removed by a correction' }).waitFor();
    await removed.getByRole('button').first().waitFor();
    await screenshot(page, 'return-view-removed-line-photos');
    await expectNoAxeViolations(page, 'return view with a removed line photo');
    await removed.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'return-view-removed-line-photo-viewer');
    assert.deepEqual(errors, []);
  });
});
