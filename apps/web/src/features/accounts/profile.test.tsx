// The profile page's billing details (billing address, tax ID): shown with the profile, edited with it, checked
// by the domain's rules before they are sent, against a stubbed API.
import '../../index.css';
import { accountMessages, apiPaths, type ProfileUser } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

/** Signed in as Jane, whose profile a PUT replaces with what it sends, as the server would. */
function profileApi(start: ProfileUser) {
  let profile = start;
  return stubApi((call) => {
    if (call.path === apiPaths.accounts.session)
      return {
        status: 200,
        body: {
          session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
          user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: 'Jane Doe' },
        },
      };
    if (call.path !== apiPaths.accounts.profile) return undefined;
    if (call.method === 'PUT') {
      const body = call.body as Record<string, string>;
      profile = {
        ...profile,
        company: body.company || null,
        billing_address: body.billing_address || null,
        tax_id: body.tax_id || null,
      };
    }
    return { status: 200, body: { user: profile } };
  });
}

function renderProfile() {
  renderRouter(
    createMemoryRouter([{ path: '/profile', element: <ProfileRoute /> }], { initialEntries: ['/profile'] }),
  );
}

const fact = (term: string) => page.getByText(term, { exact: true }).element().nextElementSibling;

describe('billing details on the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the billing address line by line and the tax ID, or that they are not provided', async () => {
    profileApi(profileFixture({ billing_address: '1 Main Street\nSpringfield', tax_id: 'US 12-345' }));
    renderProfile();
    await expect.element(page.getByText('Billing Address', { exact: true })).toBeVisible();
    expect(fact('Billing Address')?.textContent).toBe('1 Main Street\nSpringfield');
    expect(getComputedStyle(fact('Billing Address') as Element).whiteSpace).toBe('pre-line');
    expect(fact('Tax ID')?.textContent).toBe('US 12-345');
  });

  it('edits them with the profile and sends them with it', async () => {
    const calls = profileApi(profileFixture());
    renderProfile();
    await expect.element(page.getByText('Tax ID', { exact: true })).toBeVisible();
    expect(fact('Tax ID')?.textContent).toBe(accountMessages.notProvided);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabelText('Billing Address').fill('1 Main Street\nSpringfield');
    await page.getByLabelText('Tax ID').fill(' US 12-345 ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(page.getByText(accountMessages.profileUpdated)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      phone: '',
      company: '',
      billing_address: '1 Main Street\nSpringfield',
      tax_id: 'US 12-345',
    });
    await expect.element(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    expect(fact('Billing Address')?.textContent).toBe('1 Main Street\nSpringfield');
    expect(fact('Tax ID')?.textContent).toBe('US 12-345');
  });

  it('refuses a billing address of more lines than an invoice holds before sending it', async () => {
    const calls = profileApi(profileFixture());
    renderProfile();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page
      .getByLabelText('Billing Address')
      .fill(Array.from({ length: 9 }, (_, line) => `Line ${line + 1}`).join('\n'));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .element(page.getByLabelText('Billing Address'))
      .toHaveAccessibleDescription(/Billing address must be at most 8 lines/);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
