// The Privacy Policy and the Cookie Policy (docs/product.md#privacy-and-cookies), written from GET /api/legal: the
// firm, what it holds and why, how long (the periods housekeeping applies), who else processes it, the client's
// rights with the Profile's buttons that exercise them, and the cookies really set. One function per page, so that
// the page, its tests and any other reader state the same thing.
import { paths } from '../api/pages.ts';
import type { IsoDate } from '../schedule/dates.ts';
import { longDate } from '../text/format.ts';
import { erasedClientName } from './documents.ts';
import type { LegalSettings } from './legal-settings.ts';

/** A link a section ends with: a page of the portal. */
export interface LegalLink {
  text: string;
  to: string;
}

/** One part of a policy: a heading, its statements, and the links that act on them. */
export interface LegalSection {
  title: string;
  rules: string[];
  links?: LegalLink[];
}

const countOf = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;
const days = (amount: number) => countOf(amount, 'day', 'days');

/** A version ('2026-11-28') as sentences write a date: 'Saturday, November 28, 2026'. */
export function versionDate(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? longDate(version as IsoDate) : version;
}

export const privacyTexts = {
  title: 'Privacy Policy',
  intro:
    "What this portal holds about you, why, for how long, who else handles it, and how you see, take away, correct or erase it. It is drawn from the portal's own settings, so it always describes what the portal does today.",
  version: (version: string) => `Version of ${versionDate(version)}`,
  loading: 'Loading the privacy policy...',
  loadFailed: 'Failed to load the privacy policy. Please try again.',
} as const;

export const cookieTexts = {
  title: 'Cookie Policy',
  intro:
    'The portal sets only the cookies it needs to log you in. No tracking, no analytics, no advertising, and no cookies of anyone else.',
  version: (version: string) => `Part of the Privacy Policy, version of ${versionDate(version)}`,
  cookiesHeading: 'The Cookies We Set',
  columns: { name: 'Name', purpose: 'Purpose', lifetime: 'Lifetime', when: 'Set' },
  caption: 'Every cookie the portal sets',
  loading: 'Loading the cookie policy...',
  loadFailed: 'Failed to load the cookie policy. Please try again.',
} as const;

function firmSection({ firm }: LegalSettings): LegalSection {
  const address = firm.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
  const rules = [
    `${firm.name}${address ? `, ${address},` : ''} runs this portal and decides what is done with the personal data in it (it is the controller of that data).`,
  ];
  if (firm.tax_id) rules.push(`Tax identification: ${firm.tax_id}.`);
  rules.push(
    firm.email
      ? `To ask anything about your data, write to ${firm.email} or use the contact page.`
      : 'To ask anything about your data, use the contact page.',
  );
  return { title: 'Who We Are', rules, links: [{ text: 'Contact us', to: paths.contact }] };
}

function heldSection(): LegalSection {
  return {
    title: 'What We Hold and Why',
    rules: [
      'Your account: your email address and name, to log you in and write to you about your bookings.',
      'Your profile: your phone number, company, and billing address and tax id when you give them, to reach you and to invoice you.',
      'Your bookings and their history, with the project descriptions, answers and notes you write, the documents you attach and the conversation with the firm, to deliver the consultations you book.',
      'Your reviews of completed consultations, which the firm may show on its pages.',
      'Invoices and credit notes issued to you, which the firm must keep by law.',
      'Your sessions: the network address and browser of each sign-in and when it was last used, to keep you signed in and let you see where you are.',
      'Messages sent with the contact form, with the name and email address given, to answer them.',
      'The emails the portal sends you, to deliver them and to check a delivery when you ask.',
      'Which versions of the Terms of Service and of this policy you accepted, and when.',
      'A record of each export and erasure of your data: whose, who asked and when, so the firm can show it honoured them.',
      'Counts of requests per network address and of failed sign-ins, to protect accounts from guessing and abuse.',
    ],
  };
}

function keptSection({ retention: kept }: LegalSettings): LegalSection {
  return {
    title: 'How Long We Keep It',
    rules: [
      'Your account, profile, bookings and reviews: while your account exists, until you delete it.',
      `An account whose email address was never verified: deleted ${days(kept.unverified_account_days)} after it was made.`,
      `A session: ${days(kept.session_days)} from its last use, and never more than ${days(kept.session_max_days)} after the sign-in; then deleted.`,
      `Email sent to you: deleted ${days(kept.sent_mail_days)} after it was sent; email that could not be delivered, ${days(kept.undelivered_mail_days)} after it was written.`,
      `Messages sent with the contact form: deleted ${days(kept.contact_message_days)} after they arrived.`,
      `Counts of requests and of failed sign-ins: deleted after ${countOf(kept.counter_hours, 'hour', 'hours')}.`,
      `When you delete your account, your bookings stay as anonymous records named '${erasedClientName}', so that the firm's figures do not change.`,
      'Invoices and credit notes are kept unchanged, exactly as issued, for as long as the law requires the firm to keep them, also after your account is deleted.',
    ],
  };
}

function processorsSection({ processors }: LegalSettings): LegalSection {
  return {
    title: 'Who Else Processes It',
    rules: [
      ...(processors.length === 0
        ? ["Nobody: the portal keeps everything on the firm's own servers and sends nothing to anyone else."]
        : processors.map(
            (processor) =>
              `${processor.name}: ${lowerFirst(processor.purpose)}; it receives ${lowerFirst(processor.data)}.`,
          )),
      'The firm sells nothing about you and shares nothing for advertising.',
    ],
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function cookiesSection({ cookies }: LegalSettings): LegalSection {
  return {
    title: 'Cookies',
    rules: [
      `The portal sets ${countOf(cookies.length, 'cookie', 'cookies')}, only to log you in, and no trackers: the Cookie Policy lists ${cookies.length === 1 ? 'it' : 'each'}.`,
    ],
    links: [{ text: 'Read the Cookie Policy', to: paths.cookies }],
  };
}

function rightsSection(): LegalSection {
  return {
    title: 'Your Rights',
    rules: [
      'See and take away your data: "Download my data" in your Profile gives you everything the portal holds about you, as a JSON file or a zip file with your documents.',
      'Correct it: change your name, phone, company and billing details in your Profile.',
      'Erase it: "Delete my account" in your Profile erases your name, contact and billing details, the messages and documents you wrote, and the words of your reviews, cancels your upcoming bookings and signs you out everywhere. Only what the law requires the firm to keep is kept.',
      'See where you are signed in, and end any session, in your Profile.',
      'Object to a use of your data, or complain: contact the firm. You may also complain to the data protection authority where you live.',
    ],
    links: [
      { text: 'Go to your Profile', to: paths.profile },
      { text: 'Contact us', to: paths.contact },
    ],
  };
}

function changesSection(): LegalSection {
  return {
    title: 'Changes to This Policy',
    rules: [
      'When what this policy promises changes, it gets a new version, and the portal asks you to accept it the next time you are signed in.',
      'Creating an account accepts the Terms of Service and this policy in the versions then in force; the portal records which.',
    ],
    links: [{ text: 'Read the Terms of Service', to: paths.terms }],
  };
}

/** The Privacy Policy as the portal is configured. */
export function privacyPolicy(settings: LegalSettings): LegalSection[] {
  return [
    firmSection(settings),
    heldSection(),
    keptSection(settings),
    processorsSection(settings),
    cookiesSection(settings),
    rightsSection(),
    changesSection(),
  ];
}

/** The Cookie Policy's sections after its table of cookies (GET /api/legal's `cookies`). */
export function cookiePolicy(): LegalSection[] {
  return [
    {
      title: 'Storage in Your Browser',
      rules: [
        "Bookings you sent while the portal could not be reached are kept in your browser's local storage, under your account, until the portal has them; logging out forgets them.",
        'Nothing else is stored in your browser.',
      ],
    },
    {
      title: 'No Consent Needed, No Trackers',
      rules: [
        'These cookies are strictly necessary to log you in, so the portal does not ask for consent to them. Visitors who do not log in get none.',
        'The portal uses no analytics, advertising or social media cookies, and loads nothing from anyone else.',
        'You can delete the cookies in your browser at any time: you are then signed out.',
      ],
      links: [{ text: 'Read the Privacy Policy', to: paths.privacy }],
    },
  ];
}
