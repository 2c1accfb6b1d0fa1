// The profile page's "Delete my account": what is erased and what the firm keeps, the password asked in a dialog,
// then nobody signed in and the home page saying so; a wrong password said in the form, still signed in. Against a
// stubbed API.
import '../../index.css';
import { accountErrorCodes, accountMessages, apiPaths, erasureTexts } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type ApiCall, stubApi } from '../../testing/stub-api';

function signedIn(call: ApiCall) {
  if (call.path === apiPaths.accounts.session)
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: 'Jane Doe' },
      },
    };
  if (call.path === apiPaths.accounts.profile) return { status: 200, body: { user: profileFixture() } };
  return undefined;
}

function renderProfile() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  renderRouter(router);
  return router;
}

const erasures = (calls: ApiCall[]) => calls.filter((call) => call.path === apiPaths.accounts.erasure);

describe('Delete my account on the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what goes and what stays, asks for the password, then signs out to the home page', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.erasure
        ? {
            status: 200,
            body: { user_id: 'u1', erased_at: '2030-01-01T00:00:00.000Z', cancelled_bookings: 1 },
          }
        : signedIn(call),
    );
    const router = renderProfile();
    const section = page.getByRole('region', { name: 'Your data' });
    await expect.element(section.getByText(erasureTexts.explanation)).toBeVisible();
    await expect.element(section.getByText(erasureTexts.kept[0])).toBeVisible();
    await section.getByRole('button', { name: 'Delete my account', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: erasureTexts.dialogTitle });
    await expect.element(dialog).toHaveAccessibleDescription(erasureTexts.warning);
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect.element(dialog.getByText(accountMessages.passwordRequired)).toBeVisible();
    expect(erasures(calls)).toHaveLength(0);

    await dialog.getByLabelText('Password', { exact: true }).fill('my-secret-password');
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect.element(page.getByText(erasureTexts.done)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(erasures(calls)).toMatchObject([{ method: 'POST', body: { password: 'my-secret-password' } }]);
  });

  it('says a wrong password in the form and stays signed in', async () => {
    stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.erasure
        ? {
            status: 401,
            body: { message: accountMessages.passwordIncorrect, code: accountErrorCodes.invalidPassword },
          }
        : signedIn(call),
    );
    const router = renderProfile();
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: erasureTexts.dialogTitle });
    await dialog.getByLabelText('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect.element(dialog.getByText(accountMessages.passwordIncorrect)).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
