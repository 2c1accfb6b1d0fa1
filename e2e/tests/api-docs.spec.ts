import { expect, test } from './fixtures.ts';

test.describe('API documentation', () => {
  test('the OpenAPI document is browsable at /api/docs under the security policy', async ({ page }) => {
    await page.goto('/api/docs');
    // The viewer builds the whole document in the browser: seconds on a busy two-core machine.
    await expect(page.getByText('/api/services/{id}').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('/api/health').first()).toBeVisible();
  });
});
