import { describe, expect, it } from 'vitest';
import { consentMessages, consentTexts, pendingDocuments } from '../../src/legal/consents.ts';
import { legalVersions } from '../../src/legal/documents.ts';
import {
  consentsBodySchema,
  legalAcceptanceSchema,
  legalResponseSchema,
} from '../../src/legal/legal-schemas.ts';
import {
  type LegalSettings,
  legalCookies,
  legalProcessors,
  legalRetention,
} from '../../src/legal/legal-settings.ts';
import { cookiePolicy, privacyPolicy, versionDate } from '../../src/legal/privacy-policy.ts';
import { retention } from '../../src/legal/retention.ts';

/** A firm that saved its details, mail through a provider, cards by Stripe, over https. */
const configured: LegalSettings = {
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

/** A fresh install: the firm's name only, mail kept on the server, invoices. */
const bare: LegalSettings = {
  ...configured,
  firm: { name: 'OT Consulting', address: '', email: null, tax_id: '' },
  payments: 'invoice',
  processors: legalProcessors({ mailProvider: false, payments: 'invoice' }),
  cookies: legalCookies({ https: false }),
};

const section = (settings: LegalSettings, title: string) => {
  const found = privacyPolicy(settings).find((entry) => entry.title === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
};

describe('privacyPolicy', () => {
  it('has the sections a data-protection officer expects, in order, each answer schema-valid', () => {
    expect(privacyPolicy(configured).map((entry) => entry.title)).toEqual([
      'Who We Are',
      'What We Hold and Why',
      'How Long We Keep It',
      'Who Else Processes It',
      'Cookies',
      'Your Rights',
      'Changes to This Policy',
    ]);
    expect(legalResponseSchema.parse(configured)).toEqual(configured);
    expect(legalResponseSchema.parse(bare)).toEqual(bare);
  });

  it('says who the firm is from its saved details, or from its name and the contact page alone', () => {
    expect(section(configured, 'Who We Are').rules).toEqual([
      'OT Consulting LLC, 2850 E Camelback Rd, Suite 210, Phoenix, AZ 85016, runs this portal and decides what is done with the personal data in it (it is the controller of that data).',
      'Tax identification: EIN 12-3456789.',
      'To ask anything about your data, write to privacy@otconsulting.test or use the contact page.',
    ]);
    expect(section(bare, 'Who We Are').rules).toEqual([
      'OT Consulting runs this portal and decides what is done with the personal data in it (it is the controller of that data).',
      'To ask anything about your data, use the contact page.',
    ]);
    expect(section(bare, 'Who We Are').links).toEqual([{ text: 'Contact us', to: '/contact' }]);
  });

  it('names every kind of personal data the portal holds', () => {
    const held = section(configured, 'What We Hold and Why').rules.join(' ');
    for (const kind of [
      'email address and name',
      'phone number, company, and billing address and tax id',
      'project descriptions',
      'documents you attach',
      'conversation',
      'reviews',
      'Invoices and credit notes',
      'network address and browser',
      'contact form',
      'emails the portal sends',
      'versions of the Terms of Service',
      'export and erasure',
    ]) {
      expect(held).toContain(kind);
    }
  });

  it('states the retention periods housekeeping applies, and what outlives an erasure', () => {
    expect(section(configured, 'How Long We Keep It').rules).toEqual([
      'Your account, profile, bookings and reviews: while your account exists, until you delete it.',
      'An account whose email address was never verified: deleted 7 days after it was made.',
      'A session: 7 days from its last use, and never more than 30 days after the sign-in; then deleted.',
      'Email sent to you: deleted 30 days after it was sent; email that could not be delivered, 30 days after it was written.',
      'Messages sent with the contact form: deleted 365 days after they arrived.',
      'Counts of requests and of failed sign-ins: deleted after 24 hours.',
      "When you delete your account, your bookings stay as anonymous records named 'Deleted client', so that the firm's figures do not change.",
      'Invoices and credit notes are kept unchanged, exactly as issued, for as long as the law requires the firm to keep them, also after your account is deleted.',
    ]);
    // The same constants: a change of one changes the page.
    const shorter = { ...configured, retention: { ...legalRetention(), sent_mail_days: 1 } };
    expect(section(shorter, 'How Long We Keep It').rules[3]).toContain('deleted 1 day after it was sent');
    expect(legalRetention().unverified_account_days).toBe(retention.unverifiedAccountDays);
  });

  it("lists the email provider and Stripe only when they are used, never the mail server's address", () => {
    const processors = section(configured, 'Who Else Processes It').rules;
    expect(processors[0]).toBe(
      "The firm's email provider: delivers the emails the portal sends; it receives your email address and the contents of the emails sent to you.",
    );
    expect(processors[1]).toMatch(
      /^Stripe: takes card payments and refunds them; it receives your email address/,
    );
    expect(section(bare, 'Who Else Processes It').rules).toEqual([
      "Nobody: the portal keeps everything on the firm's own servers and sends nothing to anyone else.",
      'The firm sells nothing about you and shares nothing for advertising.',
    ]);
    expect(legalProcessors({ mailProvider: false, payments: 'stripe' }).map((entry) => entry.name)).toEqual([
      'Stripe',
    ]);
  });

  it("states the client's rights with the Profile's buttons that exercise them", () => {
    const rights = section(configured, 'Your Rights');
    const text = rights.rules.join(' ');
    expect(text).toContain('"Download my data" in your Profile');
    expect(text).toContain('"Delete my account" in your Profile');
    expect(text).toContain('Correct it');
    expect(text).toContain('complain to the data protection authority');
    expect(rights.links).toEqual([
      { text: 'Go to your Profile', to: '/profile' },
      { text: 'Contact us', to: '/contact' },
    ]);
  });
});

describe('the cookies', () => {
  it('are the session, the second step of a sign-in and the not-remembered marker, __Secure- over https', () => {
    expect(legalCookies({ https: false }).map((cookie) => cookie.name)).toEqual([
      'portal.session_token',
      'portal.two_factor',
      'portal.dont_remember',
    ]);
    expect(legalCookies({ https: true }).map((cookie) => cookie.name)).toEqual([
      '__Secure-portal.session_token',
      '__Secure-portal.two_factor',
      '__Secure-portal.dont_remember',
    ]);
    const [session, twoFactor] = legalCookies({ https: false });
    expect(session?.lifetime).toBe(
      '7 days from your last visit, and never more than 30 days after you logged in; deleted when you log out',
    );
    expect(twoFactor?.lifetime).toBe('10 minutes');
    expect(section(configured, 'Cookies').rules).toEqual([
      'The portal sets 3 cookies, only to log you in, and no trackers: the Cookie Policy lists each.',
    ]);
  });

  it('the Cookie Policy says what the browser keeps, and that there is nothing else and no tracker', () => {
    const [storage, noTrackers] = cookiePolicy();
    expect(storage?.rules.join(' ')).toContain('local storage');
    expect(storage?.rules).toContain('Nothing else is stored in your browser.');
    expect(noTrackers?.rules.join(' ')).toContain('no analytics, advertising or social media cookies');
  });
});

describe('consents', () => {
  it('are pending for each document whose version in force is not accepted', () => {
    expect(pendingDocuments([])).toEqual(['terms', 'privacy']);
    expect(pendingDocuments([{ document: 'terms', version: legalVersions.terms }])).toEqual(['privacy']);
    expect(
      pendingDocuments([
        { document: 'terms', version: '2020-01-01' },
        { document: 'privacy', version: legalVersions.privacy },
      ]),
    ).toEqual(['terms']);
    expect(
      pendingDocuments([
        { document: 'terms', version: legalVersions.terms },
        { document: 'privacy', version: legalVersions.privacy },
      ]),
    ).toEqual([]);
  });

  it('name what changed in the bar', () => {
    expect(consentTexts.changed(['terms'])).toBe(
      'Our Terms of Service have changed. Please read them and accept the new version.',
    );
    expect(consentTexts.changed(['privacy'])).toBe(
      'Our Privacy Policy has changed. Please read it and accept the new version.',
    );
    expect(consentTexts.changed(['terms', 'privacy'])).toBe(
      'Our Terms of Service and Privacy Policy have changed. Please read them and accept the new versions.',
    );
  });

  it('accept only the versions in force, and at least one', () => {
    expect(consentsBodySchema.parse({ terms: legalVersions.terms })).toEqual({ terms: legalVersions.terms });
    const old = consentsBodySchema.safeParse({ privacy: '2020-01-01' });
    expect(old.error?.issues).toEqual([
      expect.objectContaining({ path: ['privacy'], message: consentMessages.notCurrent('privacy') }),
    ]);
    expect(consentsBodySchema.safeParse({}).error?.issues[0]?.message).toBe(consentMessages.nothingToAccept);
  });

  it('the registration box must be ticked', () => {
    expect(legalAcceptanceSchema.safeParse({ acceptLegal: false }).error?.issues[0]?.message).toBe(
      'Please accept the Terms of Service and the Privacy Policy',
    );
    expect(legalAcceptanceSchema.safeParse({ acceptLegal: true }).success).toBe(true);
  });

  it('dates versions as people read them', () => {
    expect(versionDate('2026-11-28')).toBe('Saturday, November 28, 2026');
    expect(consentTexts.termsVersion('2026-01-05')).toBe('Version of Monday, January 5, 2026');
  });
});
