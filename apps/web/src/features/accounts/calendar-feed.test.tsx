// The profile page's calendar feed: the private link in a read-only field, Copy (announced politely) and a reset
// that asks first and then shows the new link, against a stubbed API.
import '../../index.css';
import { apiPaths, calendarFeedMessages, type ProfileUser } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type ApiCall, stubApi } from '../../testing/stub-api';

const oldUrl = 'http://localhost:3000/api/calendar/old-token.ics';
const newUrl = 'http://localhost:3000/api/calendar/new-token.ics';

const profile = (role: ProfileUser['role'] = 'client'): ProfileUser =>
  profileFixture({ role, calendar_feed_url: oldUrl });

function signedIn(role: ProfileUser['role'] = 'client') {
  return (call: ApiCall) => {
    if (call.path === apiPaths.accounts.session)
      return {
        status: 200,
        body: {
          session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
          user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: 'Jane Doe' },
        },
      };
    if (call.path === apiPaths.accounts.profile) return { status: 200, body: { user: profile(role) } };
    return undefined;
  };
}

function renderProfile() {
  renderRouter(
    createMemoryRouter([{ path: '/profile', element: <ProfileRoute /> }], { initialEntries: ['/profile'] }),
  );
}

const linkField = () => page.getByRole('textbox', { name: 'Calendar link' });

describe('the calendar feed on the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the private link read-only; Copy puts it on the clipboard and says so politely', async () => {
    stubApi(signedIn());
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderProfile();
    await expect.element(linkField()).toHaveValue(oldUrl);
    await expect.element(linkField()).toHaveAttribute('readonly');
    await expect.element(page.getByText(calendarFeedMessages.explanation)).toBeVisible();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    expect(writeText).toHaveBeenCalledWith(oldUrl);
    await expect.element(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  });

  it('says when the clipboard refuses, so the link can be copied by hand', async () => {
    stubApi(signedIn());
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    renderProfile();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.element(page.getByText(calendarFeedMessages.copyFailed)).toBeVisible();
  });

  it('explains the feed of every consultation to an administrator', async () => {
    stubApi(signedIn('admin'));
    renderProfile();
    await expect.element(page.getByText(calendarFeedMessages.adminExplanation)).toBeVisible();
  });

  it('asks before resetting; Keep Current Link sends nothing, Reset Link shows the new link', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.calendarFeedReset
        ? { status: 200, body: { calendar_feed_url: newUrl } }
        : signedIn()(call),
    );
    const resets = () => calls.filter((call) => call.path === apiPaths.accounts.calendarFeedReset);
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderProfile();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.element(page.getByText(calendarFeedMessages.copied, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: calendarFeedMessages.reset }).click();
    const dialog = page.getByRole('dialog', { name: calendarFeedMessages.resetTitle });
    await expect.element(dialog).toHaveAccessibleDescription(calendarFeedMessages.resetWarning);
    await dialog.getByRole('button', { name: calendarFeedMessages.keep }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(resets()).toHaveLength(0);
    await expect.element(linkField()).toHaveValue(oldUrl);

    await page.getByRole('button', { name: calendarFeedMessages.reset }).click();
    await page.getByRole('button', { name: calendarFeedMessages.resetConfirm }).click();
    await expect.element(linkField()).toHaveValue(newUrl);
    await expect.element(page.getByText(calendarFeedMessages.resetDone)).toBeVisible();
    expect(resets()).toHaveLength(1);
    // 'Copied' was said of the old link.
    await expect
      .element(page.getByText(calendarFeedMessages.copied, { exact: true }))
      .not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the link when the reset is refused", async () => {
    stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.calendarFeedReset
        ? { status: 429, body: { message: 'Too many changes in a minute. Try again in 30 seconds.' } }
        : signedIn()(call),
    );
    renderProfile();
    await page.getByRole('button', { name: calendarFeedMessages.reset }).click();
    await page.getByRole('button', { name: calendarFeedMessages.resetConfirm }).click();
    await expect
      .element(page.getByText('Too many changes in a minute. Try again in 30 seconds.'))
      .toBeVisible();
    await expect.element(linkField()).toHaveValue(oldUrl);
  });
});
