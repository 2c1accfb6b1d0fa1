import { latestMail, password, uniqueEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A sign-up body as the register form sends it. */
interface SignUpBody {
  email: string;
  altcha?: string;
}

// The person check (docs/product.md#the-person-check) with the server as `npm start` runs it: the challenge on.
test.describe('the person check', () => {
  test('registration solves the challenge without the person doing anything, and the server takes it once', async ({
    page,
    allowConsoleError,
  }) => {
    // The replayed sign-up below is refused on purpose.
    allowConsoleError(/status of 400/);

    // The home page never loads the widget nor asks for a challenge (it only loads with the forms).
    const early: string[] = [];
    page.on('request', (request) => early.push(request.url()));
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(early.filter((url) => /challenge-widget|\/api\/challenge|pbkdf2/i.test(url))).toEqual([]);

    // Nor does the register page's first load: the check starts when the person starts on the form.
    await page.goto('/register', { waitUntil: 'networkidle' });
    expect(early.filter((url) => /challenge-widget|\/api\/challenge|pbkdf2/i.test(url))).toEqual([]);
    const challenges = page.waitForResponse((response) => response.url().endsWith('/api/challenge'));
    const email = uniqueEmail('challenged');
    await page.getByLabel('Email', { exact: true }).fill(email);
    expect((await challenges).status()).toBe(200);
    // Solved in the background while the person types: the line above the button says so, nothing else to do.
    await expect(page.getByText('Checked: you can send the form.')).toBeVisible({ timeout: 30_000 });

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .check();
    const signUp = page.waitForRequest((request) => request.url().endsWith('/api/identity/sign-up/email'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    const sent = (await signUp).postDataJSON() as SignUpBody;
    await expect(page).toHaveURL(/\/login$/);
    await latestMail(page.request, email, /verify/i);

    // What the browser sent: the portal's own challenge and its solution, which the server takes only once.
    const solved = JSON.parse(Buffer.from(sent.altcha ?? '', 'base64').toString('utf8')) as {
      challenge: { parameters: { algorithm: string }; signature: string };
      solution: { counter: number };
    };
    expect(solved.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(solved.solution.counter).toBeGreaterThan(0);
    const replayed = await page.request.post('/api/identity/sign-up/email', {
      data: { ...sent, email: uniqueEmail('replayed'), password },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(replayed.status()).toBe(400);
    expect(await replayed.json()).toMatchObject({
      errors: [
        { path: 'altcha', msg: 'This check was already used for another form. Please send the form again.' },
      ],
    });
  });
});
