import { maxPasswordLength } from './rules.ts';

/**
 * Texts of the accounts flows, for both sides; the product's are word for word (docs/product.md#messages). Kept
 * apart from accounts.ts, whose paths and roles the web app's first load needs, so that these texts load only
 * with the pages that show them.
 */
export const accountMessages = {
  registrationSuccess: 'Registration successful! Please check your email to verify your account.',
  verifyBeforeLogin: 'Please verify your email address before logging in.',
  loginSuccess: 'Welcome back! Login successful.',
  loginFailed: 'Login failed. Please check your credentials.',
  resetEmailSent: 'Password reset email sent! Check your email for instructions.',
  resetEmailFailed: 'Failed to send reset email',
  passwordUpdateFailed: 'Failed to update password',
  resetLinkInvalid:
    'This password reset link has expired or has already been used. Please request a new one.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooShortReset: 'Password must be at least 6 characters long',
  passwordTooLong: `Password must be at most ${maxPasswordLength} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose a less common password.',
  forgotEmailRequired: 'Please enter your email address',
  resetFieldsRequired: 'Please fill in all fields',
  namesRequired: 'First name and last name are required',
  loginToCompleteProfile: 'Please log in to complete your profile',
  noActiveSession: 'No active session',
  adminRequired: "You don't have permission to access this page. Administrative privileges are required.",
  profileNotFound: 'Profile not found. Please complete your profile.',
  tooManyRequests: 'Too many requests. Please try again later.',
  originNotAllowed: 'This request must come from the portal itself.',
  /** Ours: the password asked again before an export or an erasure is not the account's. */
  passwordIncorrect: 'The password is not correct.',
  /** 400: where a link sends the browser next must be a page of the portal (no open redirect). */
  callbackNotOnSite: 'callbackURL must be a path on this site, such as /login',
  /** Ours: an accounts request whose body is not JSON (form posts, text, multipart…). */
  jsonBodyRequired:
    'The accounts service accepts request bodies only as JSON (Content-Type: application/json).',
  tooManyFailedSignIns:
    'Too many failed login attempts for this account. Please wait 15 minutes or reset your password.',
  registrationFailed: 'Registration failed. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  loading: 'Loading...',
  accessDenied: 'Access Denied',
  emailReadOnly: 'Email cannot be changed from this page',
  notProvided: 'Not provided',
  /** Under the profile's billing address: where it goes, and that issued invoices keep what they were issued with. */
  billingDetailsHint: 'Printed on your invoices from the next one on. Several lines.',
  profileLoadFailed: 'Failed to load profile',
  profileLoadError: 'Error loading profile',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdateError: 'Error updating profile',
  profileCreateFailed: 'Failed to create profile',
  profileCreateError: (message: string) => `An error occurred: ${message}. Please try again.`,
  /** Ours: after a reset that did not sign the user in. */
  passwordUpdatedLogIn: 'Password updated. Please log in.',
  /** After a reset that signed the user in. */
  passwordUpdated: 'Your password has been updated.',
  /** Ours: the resend button's answer. */
  verificationEmailSent: 'Verification email sent! Please check your inbox.',
  verificationEmailFailed: 'Failed to send verification email',
  signOutFailed: 'Failed to log out. Please try again.',
  profileCompleted: 'Profile completed! Welcome aboard.',
  /** Ours: the verification link verified the address; it never signs in (docs/decisions/040). */
  emailVerifiedLogIn: 'Your email address is verified. Please log in.',
  /** Ours: a verification link that was spent or expired (the accounts library then lands on `?error=`). */
  verificationLinkInvalid:
    'This verification link has expired or has already been used. Log in to have a new one sent to you.',
} as const;
