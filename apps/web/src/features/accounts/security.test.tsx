// The profile page's Security cards: where the account is signed in (each session to end, or every other at once)
// and changing the password, against a stubbed API.
import '../../index.css';
import {
  accountErrorCodes,
  accountMessages,
  apiPaths,
  changePasswordMessages,
  type ListedSession,
  sessionMessages,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type ApiCall, stubApi } from '../../testing/stub-api';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const session = (id: string, userAgent: string, ip: string, current = false): ListedSession => ({
  id,
  user_agent: userAgent,
  ip,
  created_at: '2030-01-07T16:05:00.000Z',
  last_seen_at: '2030-01-08T09:30:00.000Z',
  current,
});

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

/** The server's sessions, which the stubbed DELETEs end. */
function sessionsServer(sessions: ListedSession[]) {
  let held = [...sessions];
  return (call: ApiCall) => {
    if (call.path === apiPaths.accounts.sessions && call.method === 'GET')
      return { status: 200, body: { sessions: held } };
    if (call.path === apiPaths.accounts.sessions && call.method === 'DELETE') {
      held = held.filter((item) => item.current);
      return { status: 204, body: null };
    }
    const id = call.path.startsWith(`${apiPaths.accounts.sessions}/`)
      ? decodeURIComponent(call.path.slice(apiPaths.accounts.sessions.length + 1))
      : undefined;
    if (id !== undefined && call.method === 'DELETE') {
      held = held.filter((item) => item.id !== id);
      return { status: 204, body: null };
    }
    return signedIn(call);
  };
}

function renderProfile() {
  renderRouter(
    createMemoryRouter([{ path: '/profile', element: <ProfileRoute /> }], { initialEntries: ['/profile'] }),
  );
}

/** A session of the list, by the browser and system it shows. */
const item = (card: ReturnType<typeof page.getByRole>, name: string) =>
  card.getByRole('listitem').filter({ hasText: name });
const sessionsCard = () => page.getByRole('region', { name: sessionMessages.heading });
const passwordCard = () => page.getByRole('region', { name: changePasswordMessages.heading });

describe('where you are signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each session by browser and system, address and times, this device marked and without End', async () => {
    stubApi(
      sessionsServer([
        session('here', firefox, '203.0.113.7', true),
        session('phone', iphone, '198.51.100.2'),
      ]),
    );
    renderProfile();
    const card = sessionsCard();
    await expect.element(item(card, 'Firefox 128 on Windows')).toBeVisible();
    for (const term of [sessionMessages.address, sessionMessages.signedIn, sessionMessages.lastSeen]) {
      await expect.element(item(card, 'Firefox 128 on Windows').getByText(`${term}:`)).toBeVisible();
    }
    await expect.element(card.getByText(sessionMessages.thisDevice)).toBeVisible();
    await expect.element(item(card, 'Safari 17 on iOS')).toBeVisible();
    await expect.element(card.getByText('203.0.113.7')).toBeVisible();
    await expect.element(card.getByText('198.51.100.2')).toBeVisible();
    // One End: the other session's, named after it for a screen reader.
    const ends = card.getByRole('button', { name: /^End Safari 17 on iOS$/ });
    await expect.element(ends).toBeVisible();
    expect(card.getByRole('button', { name: /^End Firefox/ }).elements()).toHaveLength(0);
  });

  it('ends one session, and then every other', async () => {
    const calls = stubApi(
      sessionsServer([
        session('here', firefox, '203.0.113.7', true),
        session('phone', iphone, '198.51.100.2'),
        session('laptop', chrome, '198.51.100.3'),
      ]),
    );
    renderProfile();
    const card = sessionsCard();
    await card.getByRole('button', { name: 'End Safari 17 on iOS' }).click();
    await expect.element(page.getByText(sessionMessages.ended)).toBeVisible();
    await expect.element(item(card, 'Safari 17 on iOS')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      apiPaths.accounts.accountSession('phone'),
    ]);
    await expect.element(item(card, 'Chrome 126 on Linux')).toBeVisible();

    await card.getByRole('button', { name: sessionMessages.endAllOthers }).click();
    await expect.element(page.getByText(sessionMessages.allOthersEnded)).toBeVisible();
    await expect.element(item(card, 'Chrome 126 on Linux')).not.toBeInTheDocument();
    await expect.element(card.getByText(sessionMessages.onlyThisOne)).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.path).toBe(apiPaths.accounts.sessions);
  });
});

describe('changing the password', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function fill(current: string, next: string, confirm: string) {
    const card = passwordCard();
    await card.getByLabelText(changePasswordMessages.currentPassword).fill(current);
    await card.getByLabelText(changePasswordMessages.newPassword, { exact: true }).fill(next);
    await card.getByLabelText(changePasswordMessages.confirmPassword).fill(confirm);
    await card.getByRole('button', { name: changePasswordMessages.submit }).click();
  }

  it('checks the form first: mismatched passwords send nothing', async () => {
    const calls = stubApi(sessionsServer([session('here', firefox, '203.0.113.7', true)]));
    renderProfile();
    await fill('old-password-1', 'new-password-2', 'new-password-3');
    await expect.element(passwordCard().getByText(accountMessages.passwordsDoNotMatch)).toBeVisible();
    expect(calls.filter((call) => call.path === apiPaths.accounts.changePassword)).toHaveLength(0);
  });

  it('sends the current and the new password, ending every other session, and says so', async () => {
    const calls = stubApi((call) =>
      call.path === apiPaths.accounts.changePassword
        ? { status: 200, body: { user: { id: 'u1' } } }
        : sessionsServer([session('here', firefox, '203.0.113.7', true)])(call),
    );
    renderProfile();
    await fill('old-password-1', 'new-password-2', 'new-password-2');
    await expect.element(passwordCard().getByText(changePasswordMessages.changed)).toBeVisible();
    const sent = calls.filter((call) => call.path === apiPaths.accounts.changePassword);
    expect(sent.map((call) => call.body)).toEqual([
      { currentPassword: 'old-password-1', newPassword: 'new-password-2', revokeOtherSessions: true },
    ]);
    await expect
      .element(passwordCard().getByLabelText(changePasswordMessages.currentPassword))
      .toHaveValue('');
  });

  it("shows the server's words for a wrong current password", async () => {
    stubApi((call) =>
      call.path === apiPaths.accounts.changePassword
        ? {
            status: 400,
            body: { code: accountErrorCodes.invalidPassword, message: accountMessages.passwordIncorrect },
          }
        : sessionsServer([session('here', firefox, '203.0.113.7', true)])(call),
    );
    renderProfile();
    await fill('wrong-password', 'new-password-2', 'new-password-2');
    await expect.element(passwordCard().getByText(accountMessages.passwordIncorrect)).toBeVisible();
  });
});
