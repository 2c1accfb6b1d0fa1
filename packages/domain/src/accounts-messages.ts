/**
 * Texts of the account screens that `accountMessages` (accounts.ts) does not hold; the spec's are word for word.
 * Zod-free, so any page may import them without growing the first load.
 */
export const accountScreenMessages = {
  registrationFailed: 'Registration failed. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  loading: 'Loading...',
  accessDenied: 'Access Denied',
  /** The same words as `accountMessages.adminRequired` (a test keeps them equal); here for the zod-free guard. */
  adminRequired: "You don't have permission to access this page. Administrative privileges are required.",
  emailReadOnly: 'Email cannot be changed from this page',
  notProvided: 'Not provided',
  profileLoadFailed: 'Failed to load profile',
  profileLoadError: 'Error loading profile',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdateError: 'Error updating profile',
  profileCreateFailed: 'Failed to create profile',
  profileCreateError: (message: string) => `An error occurred: ${message}. Please try again.`,
  /** Ours: after a reset that did not sign the user in. */
  passwordUpdatedLogIn: 'Password updated. Please log in.',
  /** Ours: the resend button's answer. */
  verificationEmailSent: 'Verification email sent! Please check your inbox.',
  verificationEmailFailed: 'Failed to send verification email',
  signOutFailed: 'Failed to log out. Please try again.',
  profileCompleted: 'Profile completed! Welcome aboard.',
  /** Ours: a verification link that was spent or expired (the accounts service then lands on `?error=`). */
  verificationLinkInvalid:
    'This verification link has expired or has already been used. Log in to have a new one sent to you.',
} as const;
