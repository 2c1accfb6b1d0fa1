// The profile page's "Download my data": the password and the format asked in a dialog, the file handed to the
// browser as a download, a wrong password said in the form without signing out, against a stubbed API.
import '../../index.css';
import { accountErrorCodes, accountMessages, apiPaths, dataExportTexts } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type ApiCall, stubApi } from '../../testing/stub-api';

const exported = { format_version: 1, account: { email: 'jane@example.com' } };

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
  const router = createMemoryRouter([{ path: '/profile', element: <ProfileRoute /> }], {
    initialEntries: ['/profile'],
  });
  renderRouter(router);
  return router;
}

/** What the page handed to the browser as downloads: the file's name and its bytes. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = `blob:test/${blobs.size}`;
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return downloads;
}

const exports = (calls: ApiCall[]) => calls.filter((call) => call.path === apiPaths.accounts.dataExport);

describe('Download my data on the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sits under Your data, asks for the password, and downloads the JSON', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.dataExport
        ? { status: 200, body: exported }
        : signedIn(call),
    );
    const downloads = watchDownloads();
    renderProfile();
    const section = page.getByRole('region', { name: dataExportTexts.sectionHeading });
    await expect.element(section.getByText(dataExportTexts.explanation)).toBeVisible();
    await section.getByRole('button', { name: 'Download my data', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: dataExportTexts.dialogTitle });
    await expect.element(dialog).toHaveAccessibleDescription(dataExportTexts.passwordPrompt);
    await expect.element(dialog.getByRole('radio', { name: 'JSON', exact: true })).toBeChecked();
    // The form's own check first: nothing is sent without a password.
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.element(dialog.getByText(accountMessages.passwordRequired)).toBeVisible();
    expect(exports(calls)).toHaveLength(0);

    await dialog.getByLabelText('Password', { exact: true }).fill('my-secret-password');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(page.getByText(dataExportTexts.done)).toBeVisible();

    const [sent] = exports(calls);
    expect(sent).toMatchObject({ method: 'POST', search: '', body: { password: 'my-secret-password' } });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toMatch(/^ot-consulting-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse((await downloads[0]?.blob?.text()) ?? 'null')).toEqual(exported);
  });

  it('asks for the zip with the files when chosen', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.dataExport
        ? { status: 200, body: exported }
        : signedIn(call),
    );
    const downloads = watchDownloads();
    renderProfile();
    await page.getByRole('button', { name: 'Download my data', exact: true }).click();
    await page.getByRole('radio', { name: dataExportTexts.formatLabels.zip }).click();
    await page.getByLabelText('Password', { exact: true }).fill('my-secret-password');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.element(page.getByText(dataExportTexts.done)).toBeVisible();
    expect(exports(calls)[0]?.search).toBe('?format=zip');
    expect(downloads[0]?.name).toMatch(/\.zip$/);
  });

  it('says a wrong password in the form and stays signed in, with nothing downloaded', async () => {
    stubApi((call) =>
      call.method === 'POST' && call.path === apiPaths.accounts.dataExport
        ? {
            status: 401,
            body: { message: accountMessages.passwordIncorrect, code: accountErrorCodes.invalidPassword },
          }
        : signedIn(call),
    );
    const downloads = watchDownloads();
    const router = renderProfile();
    await page.getByRole('button', { name: 'Download my data', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dataExportTexts.dialogTitle });
    await dialog.getByLabelText('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.element(dialog.getByText('The password is not correct.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
    await expect.element(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(downloads).toHaveLength(0);
    // Cancel closes it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
  });
});
