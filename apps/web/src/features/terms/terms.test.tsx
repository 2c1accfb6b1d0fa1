import '../../index.css';
import {
  apiPaths,
  consentTexts,
  legalVersions,
  type PublicSchedule,
  paths,
  termsOfService,
  termsTexts,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { TermsRoute } from '../../app/routes/terms';
import { Footer } from '../../components/layout/footer';
import { scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

/** GET /api/schedule of a portal taking cards in euros with tax, and a 12-hour change notice. */
function cardSettings(call: ApiCall): Answer | undefined {
  const answer = scheduleAnswer(call);
  if (!answer) return undefined;
  const body: PublicSchedule = {
    ...answer.body,
    client_change_notice_hours: 12,
    pending_expiry_hours: 48,
    payments: {
      mode: 'stripe',
      currency: 'eur',
      tax_rate_percent: 20,
      invoice_due_days: 14,
      checkout_expiry_minutes: 45,
    },
  };
  return { status: 200, body };
}

/** The footer on the home page and the Terms page, as the site links them; the visitor starts at `url`. */
function renderSite(url: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: paths.home, element: <Footer /> },
        { path: paths.terms, element: <TermsRoute /> },
      ],
      { initialEntries: [url] },
    ),
  );
}

describe('the Terms of Service page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the footer's Terms of Service, and states the rules as the server's settings say", async () => {
    stubApi(cardSettings);
    const router = renderSite(paths.home);
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    expect(router.state.location.pathname).toBe('/terms');

    await expect.element(page.getByRole('heading', { level: 1, name: termsTexts.title })).toBeVisible();
    await expect.poll(() => document.title).toBe('Terms of Service | OT Consulting');
    // Its version, and that creating an account accepts it and the Privacy Policy.
    await expect.element(page.getByText(consentTexts.termsVersion(legalVersions.terms))).toBeVisible();
    await expect
      .element(page.getByText(/^Creating an account accepts these Terms of Service and the Privacy Policy/))
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Read the Privacy Policy' }))
      .toHaveAttribute('href', '/privacy');
    const settings = cardSettings({ method: 'GET', path: apiPaths.schedule.public } as ApiCall);
    if (!settings || settings === 'unreachable') throw new Error('no settings');
    const sections = termsOfService(settings.body as PublicSchedule);
    for (const section of sections) {
      const region = page.getByRole('region', { name: section.title });
      await expect.element(region).toBeVisible();
      expect(
        region
          .getByRole('listitem')
          .elements()
          .map((item) => item.textContent),
      ).toEqual(section.rules);
    }
    // The settings, in the client's words.
    const payment = page.getByRole('region', { name: 'Prices and Payment' });
    await expect.element(payment).toHaveTextContent('Prices are in EUR.');
    await expect.element(payment).toHaveTextContent('Tax at 20% is added to the price.');
    await expect.element(payment).toHaveTextContent('within 45 minutes, the request is cancelled');
    await expect
      .element(page.getByRole('region', { name: 'Cancellations and Refunds' }))
      .toHaveTextContent(
        'by you, up to 12 hours before it starts, or by us), your card payment is refunded in full',
      );
    await expect
      .element(page.getByRole('region', { name: 'Booking a Consultation' }))
      .toHaveTextContent('within 48 hours of being made');
    // Questions lead to the contact page.
    await expect
      .element(page.getByRole('link', { name: 'contact page' }))
      .toHaveAttribute('href', '/contact');
  });

  it('says so when the settings cannot be read, and Try Again reads them', async () => {
    let up = false;
    const calls = stubApi((call) =>
      up ? scheduleAnswer(call) : { status: 404, body: { message: 'Route not found' } },
    );
    renderSite(paths.terms);
    await expect.element(page.getByText(termsTexts.loadFailed)).toBeVisible();
    expect(page.getByRole('region', { name: 'Prices and Payment' }).query()).toBeNull();

    up = true;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect
      .element(page.getByRole('region', { name: 'Prices and Payment' }))
      .toHaveTextContent('Pay the invoice by bank transfer within 14 days of its date');
    expect(calls.filter((call) => call.path === apiPaths.schedule.public).length).toBeGreaterThan(1);
  });
});
