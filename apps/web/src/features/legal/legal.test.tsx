import '../../index.css';
import {
  apiPaths,
  type ConsentsResponse,
  consentTexts,
  type LegalResponse,
  legalCookies,
  legalProcessors,
  legalRetention,
  legalVersions,
  paths,
  privacyPolicy,
  privacyTexts,
} from '@portal/domain';
import { createMemoryRouter, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { CookiesRoute } from '../../app/routes/cookies';
import { PrivacyRoute } from '../../app/routes/privacy';
import { Footer } from '../../components/layout/footer';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type ApiCall, stubApi } from '../../testing/stub-api';
import { ConsentBanner } from './components/consent-banner';

/** GET /api/legal of a firm that saved its details, mails through a provider and takes cards, over https. */
const legal: LegalResponse = {
  firm: {
    name: 'OT Consulting LLC',
    address: '2850 E Camelback Rd, Suite 210\nPhoenix, AZ 85016',
    email: 'privacy@otconsulting.test',
    tax_id: 'EIN 12-3456789',
  },
  versions: { ...legalVersions },
  retention: legalRetention(),
  payments: 'stripe',
  processors: legalProcessors({ mailProvider: true, payments: 'stripe' }),
  cookies: legalCookies({ https: true }),
};

function legalAnswer(call: ApiCall) {
  return call.method === 'GET' && call.path === apiPaths.legal ? { status: 200, body: legal } : undefined;
}

/** The footer on the home page, and the policy pages, as the site links them. */
function renderSite(url: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: paths.home, element: <Footer /> },
        { path: paths.privacy, element: <PrivacyRoute /> },
        { path: paths.cookies, element: <CookiesRoute /> },
      ],
      { initialEntries: [url] },
    ),
  );
}

describe('the Privacy Policy page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the footer's Privacy Policy, and states the firm, retention, processors and rights from the server", async () => {
    stubApi(legalAnswer);
    const router = renderSite(paths.home);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    expect(router.state.location.pathname).toBe('/privacy');

    await expect.element(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Privacy Policy | OT Consulting');
    await expect.element(page.getByText(privacyTexts.version(legalVersions.privacy))).toBeVisible();
    for (const section of privacyPolicy(legal)) {
      const region = page.getByRole('region', { name: section.title });
      await expect.element(region).toBeVisible();
      expect(
        region
          .getByRole('listitem')
          .elements()
          .map((item) => item.textContent),
      ).toEqual(section.rules);
    }
    await expect
      .element(page.getByRole('region', { name: 'Who We Are' }))
      .toHaveTextContent('OT Consulting LLC, 2850 E Camelback Rd, Suite 210, Phoenix, AZ 85016');
    await expect
      .element(page.getByRole('region', { name: 'Who Else Processes It' }))
      .toHaveTextContent('Stripe');
    const rights = page.getByRole('region', { name: 'Your Rights' });
    await expect.element(rights).toHaveTextContent('"Download my data" in your Profile');
    await expect
      .element(rights.getByRole('link', { name: 'Go to your Profile' }))
      .toHaveAttribute('href', '/profile');

    // The Cookies section leads to the Cookie Policy.
    await page.getByRole('link', { name: 'Read the Cookie Policy' }).click();
    await expect.element(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/cookies');
  });

  it('says so when the settings cannot be read, and Try Again reads them', async () => {
    let up = false;
    stubApi((call) => (up ? legalAnswer(call) : { status: 503, body: { message: 'Unavailable' } }));
    renderSite(paths.privacy);
    await expect
      .element(page.getByText('Failed to load the privacy policy. Please try again.'))
      .toBeVisible();
    up = true;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.element(page.getByRole('region', { name: 'Who We Are' })).toBeVisible();
  });
});

describe('the Cookie Policy page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the footer's Cookie Policy, and lists exactly the cookies the server states", async () => {
    stubApi(legalAnswer);
    const router = renderSite(paths.home);
    await page.getByRole('link', { name: 'Cookie Policy' }).click();
    expect(router.state.location.pathname).toBe('/cookies');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Cookie Policy | OT Consulting');
    const table = page.getByRole('table', { name: 'Every cookie the portal sets' });
    await expect.element(table).toBeVisible();
    expect(
      table
        .getByRole('rowheader')
        .elements()
        .map((cell) => cell.textContent),
    ).toEqual([
      '__Secure-portal.session_token',
      '__Secure-portal.two_factor',
      '__Secure-portal.dont_remember',
    ]);
    await expect.element(table).toHaveTextContent('7 days from your last visit');
    await expect
      .element(page.getByRole('region', { name: 'Storage in Your Browser' }))
      .toHaveTextContent('Nothing else is stored in your browser.');
    await expect
      .element(page.getByRole('region', { name: 'No Consent Needed, No Trackers' }))
      .toHaveTextContent('no analytics');
  });
});

describe('the bar asking to accept a new version', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const session = {
    session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
    user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: '', role: 'client' },
  };

  /** A signed-in client whose consents are `pending`; POST records them and answers none pending. */
  function signedInWith(pending: ConsentsResponse['pending'], signedIn = true) {
    return stubApi((call) => {
      if (call.path === apiPaths.accounts.session) return { status: 200, body: signedIn ? session : null };
      if (call.path === apiPaths.accounts.profile) return { status: 200, body: { user: profileFixture() } };
      if (call.path !== apiPaths.accounts.consents) return undefined;
      if (call.method === 'POST') {
        return { status: 200, body: { current: legalVersions, accepted: [], pending: [] } };
      }
      return { status: 200, body: { current: legalVersions, accepted: [], pending } };
    });
  }

  function renderPage() {
    return renderRouter(
      createMemoryRouter(
        [
          {
            element: (
              <>
                <ConsentBanner />
                <Outlet />
              </>
            ),
            children: [{ path: '/dashboard', element: <h1>Dashboard</h1> }],
          },
        ],
        { initialEntries: ['/dashboard'] },
      ),
    );
  }

  it('names what changed with links, blocks nothing, and Accept records the versions in force for good', async () => {
    const calls = signedInWith(['terms', 'privacy']);
    renderPage();
    const bar = page.getByRole('region', { name: consentTexts.region });
    await expect
      .element(bar)
      .toHaveTextContent(
        'Our Terms of Service and Privacy Policy have changed. Please read them and accept the new versions.',
      );
    await expect
      .element(bar.getByRole('link', { name: 'Terms of Service' }))
      .toHaveAttribute('href', '/terms');
    await expect
      .element(bar.getByRole('link', { name: 'Privacy Policy' }))
      .toHaveAttribute('href', '/privacy');
    // The page is there beside it.
    await expect.element(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect.element(bar).not.toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST' && call.path === apiPaths.accounts.consents);
    expect(posted.map((call) => call.body)).toEqual([
      { terms: legalVersions.terms, privacy: legalVersions.privacy },
    ]);
  });

  it('names only the document that changed', async () => {
    signedInWith(['privacy']);
    renderPage();
    await expect
      .element(page.getByRole('region', { name: consentTexts.region }))
      .toHaveTextContent('Our Privacy Policy has changed. Please read it and accept the new version.');
  });

  it('is not there when nothing is pending, nor for a visitor who is signed out', async () => {
    signedInWith([]);
    renderPage();
    await expect.element(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.getByRole('region', { name: consentTexts.region }).query()).toBeNull();
    vi.unstubAllGlobals();

    const calls = signedInWith(['terms'], false);
    renderPage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.getByRole('region', { name: consentTexts.region }).query()).toBeNull();
    expect(calls.filter((call) => call.path === apiPaths.accounts.consents)).toEqual([]);
  });
});
