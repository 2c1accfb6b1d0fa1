import { expect, test, withoutEmbeddedCatalogue } from './fixtures.ts';

test.describe('notifications', () => {
  test('an error notification appears at the top right, at most 400px wide, and stays until dismissed', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/500/);
    await page.clock.install();
    await withoutEmbeddedCatalogue(page);
    await page.route('**/api/services/2', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom' } }),
    );
    await page.goto('/services/2');
    const notification = page.getByRole('alert').filter({ hasText: 'Failed to load service details' });
    // Let any client-side retries run their course on the installed clock.
    await expect(async () => {
      await page.clock.runFor(1000);
      await expect(notification).toBeVisible({ timeout: 200 });
    }).toPass();

    const box = await notification.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error('notification has no box');
    expect(box.width).toBeLessThanOrEqual(400);
    expect(box.y).toBeLessThan(viewport.height / 4);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(64);

    await page.clock.runFor(10_000);
    await expect(notification).toBeVisible();
    await notification.getByRole('button', { name: /dismiss|close/i }).click();
    await expect(notification).toHaveCount(0);
  });
});
