// Issue 16: a correction that removes a line keeps the line's photos as evidence of the earlier
// version; the Return View shows them apart, under "Photos of lines removed by a correction".
import sharp from 'sharp';
import { test, expect, expectNoAxeViolations } from './support/index';
import { seedReturnsCustomer } from './returns-seed';

test.describe('photos of a line a correction removed', () => {
  test('stay on the Return View, apart from the current lines, and open in the viewer', async ({
    page,
    errors,
    api,
    server,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Removed Line Co' });
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${server.baseUrl}/api/photos?customer_id=${seed.customerId}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${seed.token}` },
      body: new Uint8Array(jpeg),
    });
    expect(uploaded.status).toBe(200);
    const photoId = ((await uploaded.json()) as { message: { id: number } }).message.id;
    const found = await api.call<{ id: number; source: string }[]>('PUT', `/returns/search/${seed.customerId}`, {
      token: seed.token,
      body: { search: `HO-${seed.ref}-000` },
    });
    const hit = found.message[0]!;
    const loaded = await api.call<{ id: number; order_lines: { id: number; product_id: number }[] }>(
      'PUT',
      `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`,
      { token: seed.token, body: {} },
    );
    const line = loaded.message.order_lines[0]!;
    const unit = { order_line_id: line.id, product_id: line.product_id, quantity: 1, reason: 'DAMAGED' };
    const saved = await api.call<{ id: number; ledgers: { id: number }[] }>('POST', '/returns', {
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
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    const [, kept] = saved.message.ledgers;
    const corrected = await api.call('POST', `/su/returns/${saved.message.id}/corrections`, {
      token: await api.adminToken(),
      body: {
        version: 1,
        comment: 'The scrapped unit was never here',
        lines: [{ id: kept!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(corrected.code, JSON.stringify(corrected)).toBe(200);

    await loginAsAdmin(page);
    await page.goto(`/orders/${loaded.message.id}/returns/${saved.message.id}`);
    const removed = page.getByTestId('removed-line-photos');
    await expect(removed.getByRole('heading', { name: 'Photos of lines removed by a correction' })).toBeVisible();
    await expect(removed.getByRole('button').first()).toBeVisible();
    await takeScreenshot(page, 'return-view-removed-line-photos');
    await expectNoAxeViolations(page, 'return view with a removed line photo');
    await removed.getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await takeScreenshot(page, 'return-view-removed-line-photo-viewer');
    expect(errors).toEqual([]);
  });
});
