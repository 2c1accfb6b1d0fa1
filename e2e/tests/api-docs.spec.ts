import { expect, test } from './fixtures.ts';

test.describe('API documentation', () => {
  test('the OpenAPI document is browsable at /api/docs under the security policy', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('/api/services/{id}').first()).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
  });
});
