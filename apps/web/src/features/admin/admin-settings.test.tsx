// The firm's settings page: its billing details form against a stubbed API, saved as a whole, checked by the
// domain's rules before it is sent, and the server's refusals shown beside their fields.
import '../../index.css';
import { apiPaths, billingMessages, type FirmBilling, firmBillingTexts, productName } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminSettingsRoute } from '../../app/routes/admin';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const stored: FirmBilling = {
  legalName: productName,
  address: '100 Harbour Street\nPhoenix, AZ 85004',
  taxId: '',
  bankDetails: '',
  footer: '',
};

/** The settings as stored; a PUT answers `write` when given, else is stored and answered. */
function settingsApi(write?: (call: ApiCall) => Answer | undefined) {
  let billing = stored;
  return stubApi((call) => {
    if (call.path !== apiPaths.admin.settings) return undefined;
    if (call.method === 'PUT') {
      const written = write?.(call);
      if (written) return written;
      billing = (call.body as { billing: FirmBilling }).billing;
    }
    return { status: 200, body: { billing } };
  });
}

function renderSettings() {
  renderRouter(
    createMemoryRouter([{ path: '/admin/settings', element: <AdminSettingsRoute /> }], {
      initialEntries: ['/admin/settings'],
    }),
  );
}

const form = () => page.getByRole('form', { name: firmBillingTexts.billingHeading });
const save = () => form().getByRole('button', { name: firmBillingTexts.save });

describe('the settings page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the billing details as stored and saves them as a whole, saying so', async () => {
    const calls = settingsApi();
    renderSettings();
    await expect
      .element(page.getByRole('heading', { level: 1, name: firmBillingTexts.heading }))
      .toBeVisible();
    await expect.element(form().getByLabelText('Legal name')).toHaveValue(productName);
    await expect.element(form().getByLabelText('Address')).toHaveValue(stored.address);

    await form().getByLabelText('Legal name').fill('OT Consulting LLC');
    await form().getByLabelText('Tax ID').fill('EIN 12-3456789');
    await form().getByLabelText('Bank details').fill('First Desert Bank\nAccount 000123456789');
    await form().getByLabelText('Footer').fill(' Registered in Arizona. ');
    await save().click();
    await expect.element(page.getByText(firmBillingTexts.saved)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        billing: {
          legalName: 'OT Consulting LLC',
          address: stored.address,
          taxId: 'EIN 12-3456789',
          bankDetails: 'First Desert Bank\nAccount 000123456789',
          // Trimmed, as the server would.
          footer: 'Registered in Arizona.',
        },
      },
    ]);
    await expect.element(form().getByLabelText('Footer')).toHaveValue('Registered in Arizona.');
  });

  it('refuses an empty legal name and too many address lines before sending them', async () => {
    const calls = settingsApi();
    renderSettings();
    await form().getByLabelText('Legal name').fill(' ');
    await form()
      .getByLabelText('Address')
      .fill(Array.from({ length: 9 }, (_, line) => `Line ${line + 1}`).join('\n'));
    await save().click();
    await expect
      .element(form().getByLabelText('Legal name'))
      .toHaveAccessibleDescription(new RegExp(billingMessages.legalNameRequired));
    await expect
      .element(form().getByLabelText('Address'))
      .toHaveAccessibleDescription(/Address must be at most 8 lines/);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal beside the field it names", async () => {
    const refusal = 'Tax ID must be at most 50 characters';
    settingsApi(() => ({
      status: 400,
      body: { message: refusal, errors: [{ path: 'billing.taxId', msg: refusal }] },
    }));
    renderSettings();
    await form().getByLabelText('Tax ID').fill('EIN 12-3456789');
    await save().click();
    await expect.element(form().getByLabelText('Tax ID')).toHaveAccessibleDescription(refusal);
    await expect.element(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  });
});
