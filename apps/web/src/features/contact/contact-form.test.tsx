import '../../index.css';
import { apiPaths, challengeMessages, contactMessages, paths } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ContactRoute } from '../../app/routes/contact';
import { challengeAnswer, challengeFixture, profileFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

// As GET /api/services answers: the offered services only (service 5 has been retired).
const services = [
  serviceFixture({ id: 1, name: 'Web Development' }),
  serviceFixture({ id: 2, name: 'Database Architecture' }),
];

const signedOut = (call: ApiCall): Answer | undefined =>
  call.path === apiPaths.accounts.session ? { status: 200, body: null } : undefined;

function signedIn(call: ApiCall): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'user-1', email: 'jane@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') return { status: 200, body: { user: profileFixture() } };
  return undefined;
}

/** The contact page at `url`; the services list answers, the contact POST answers `answer` (default: thanks). */
function contactPage(url: string, options: { answer?: Answer; session?: typeof signedOut } = {}) {
  const calls = stubApi((call) => {
    if (call.path === '/api/services') return { status: 200, body: { services } };
    const challenge = challengeAnswer(call);
    if (challenge) return challenge;
    if (call.method === 'POST' && call.path === apiPaths.contact.send) {
      return options.answer ?? { status: 200, body: { message: contactMessages.thanks } };
    }
    return (options.session ?? signedOut)(call);
  });
  renderRouter(
    createMemoryRouter([{ path: paths.contact, element: <ContactRoute /> }], { initialEntries: [url] }),
  );
  return calls;
}

const form = () => page.getByRole('form', { name: 'Send us a message' });
const field = (name: string) => form().getByRole('textbox', { name, exact: true });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function fillIn(message = 'We would like a review of our database design.') {
  await field('Name').fill('Ada Lovelace');
  await field('Email').fill('ada@example.com');
  await field('Subject').fill('A review');
  await field('Message').fill(message);
}

describe('the contact form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('preselects the service of ?service=, sends the message with it, thanks, and clears what was sent', async () => {
    const calls = contactPage('/contact?service=2');
    const service = form().getByRole('combobox', { name: 'Service' });
    await expect.element(service).toHaveDisplayValue('Database Architecture');
    // No service, and each offered one.
    expect(service.getByRole('option').elements()).toHaveLength(3);
    await fillIn();
    await form().getByRole('button', { name: 'Send Message' }).click();

    await expect.element(page.getByRole('status')).toHaveTextContent(contactMessages.thanks);
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'A review',
        message: 'We would like a review of our database design.',
        serviceId: 2,
        website: '',
        altcha: expect.any(String),
      },
    ]);
    await expect.element(field('Message')).toHaveValue('');
    await expect.element(field('Subject')).toHaveValue('');
    await expect.element(field('Email')).toHaveValue('ada@example.com');
  });

  it('sends the challenge it solved unseen once the person started on the form, and solves a new one after', async () => {
    const calls = contactPage('/contact');
    // Nothing is fetched before the person starts on the form.
    await expect.element(field('Name')).toBeVisible();
    expect(calls.filter((call) => call.path === apiPaths.challenge)).toEqual([]);
    await fillIn();
    await expect.element(form().getByText(challengeMessages.solved)).toBeVisible();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent(contactMessages.thanks);

    const [sent] = posts(calls);
    const altcha = (sent?.body as { altcha?: string } | undefined)?.altcha ?? '';
    const solved = JSON.parse(atob(altcha)) as {
      challenge: typeof challengeFixture;
      solution: { counter: number; derivedKey: string };
    };
    // The portal's challenge, as it was issued, with the answer the work found.
    expect(solved.challenge).toEqual(challengeFixture);
    expect(solved.solution.counter).toBe(7);
    expect(solved.solution.derivedKey.startsWith(challengeFixture.parameters.keyPrefix)).toBe(true);
    // Each solution is taken once: the next message gets a challenge of its own.
    await expect.poll(() => calls.filter((call) => call.path === apiPaths.challenge).length).toBe(2);
  });

  it('does not preselect a service the catalogue does not offer', async () => {
    const calls = contactPage('/contact?service=5');
    await expect
      .element(form().getByRole('combobox', { name: 'Service' }))
      .toHaveDisplayValue(contactMessages.noService);
    await fillIn();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent(contactMessages.thanks);
    expect(posts(calls)[0]?.body).toMatchObject({ serviceId: null });
  });

  it('checks the fields with the server’s rules before sending anything', async () => {
    const calls = contactPage('/contact');
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(form().getByText(contactMessages.nameRequired)).toBeVisible();
    await expect.element(form().getByText(contactMessages.subjectRequired)).toBeVisible();
    await expect.element(form().getByText(contactMessages.messageRequired)).toBeVisible();
    await fillIn('Short message.');
    await expect.element(form().getByText('At least 20 characters (14/5000)')).toBeVisible();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(form().getByText(contactMessages.messageTooShort(14))).toBeVisible();
    await expect.element(field('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toEqual([]);
  });

  it('shows a refusal of the server under the field it names', async () => {
    contactPage('/contact', {
      answer: {
        status: 400,
        body: { message: 'Email is on fire', errors: [{ path: 'email', msg: 'Email is on fire' }] },
      },
    });
    await fillIn();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Email is on fire');
    await expect.element(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why when the limit is reached', async () => {
    contactPage('/contact', { answer: { status: 429, body: { message: contactMessages.tooMany(600) } } });
    await fillIn();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(contactMessages.tooMany(600));
  });

  it('says a failure of the server in the product’s words', async () => {
    contactPage('/contact', { answer: { status: 503, body: { message: 'The server is busy.' } } });
    await fillIn();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(contactMessages.sendFailed);
  });

  it('fills in the name and e-mail address of a signed-in user', async () => {
    contactPage('/contact', { session: signedIn });
    await expect.element(field('Email')).toHaveValue('jane@example.com');
    await expect.element(field('Name')).toHaveValue('Jane Doe');
  });

  it('hides the bot trap from people and assistive technology', async () => {
    contactPage('/contact');
    await expect.element(field('Name')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
