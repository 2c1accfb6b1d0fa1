// The check that a form is sent by a person's browser: a proof-of-work challenge the portal issues itself (ALTCHA),
// solved in the browser before sign-up and the contact form are sent (docs/product.md#the-person-check). No zod here.

/** The body field a solved challenge travels in, as the widget names its hidden input. */
export const challengeField = 'altcha';

/** How long an issued challenge may be solved and its solution sent; each solution is taken once. */
export const challengeLifetimeSeconds = 10 * 60;

/** The longest solution the server reads (a solved challenge is about 700 characters of base64). */
export const maxChallengeSolutionLength = 4096;

export const challengeMessages = {
  required:
    'We could not check that a person is sending this form. Please wait until the check beside the button is done, then send it again.',
  invalid: 'The check that a person is sending this form did not pass. Please send the form again.',
  expired: 'The check that a person is sending this form has expired. Please send the form again.',
  used: 'This check was already used for another form. Please send the form again.',
  /** The web app's note beside the button while the browser solves it. */
  solving: 'Checking that you are a person…',
  solved: 'Checked: you can send the form.',
  failed: 'Your browser could not complete the check. Reload the page and try again.',
} as const;
