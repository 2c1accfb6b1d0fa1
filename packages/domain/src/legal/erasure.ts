// The erasure of a client's account (docs/product.md#your-data, docs/decisions/052): the refusals its routes answer
// and the texts of the Profile's "Delete my account" and of the administrator's erasure. No zod: the bodies and
// answers are in erasure-schemas.ts.
import { erasedClientName } from './documents.ts';

/** The refusals of `POST /api/account/delete` and `POST /api/admin/clients/{id}/delete`. */
export const erasureMessages = {
  /** 403: an administrator's or consultant's own account is the firm's, not theirs to erase. */
  staffAccount:
    "This account belongs to the firm: an administrator's or consultant's account cannot be deleted here. An operator first sets it back to a client with npm run set-role.",
  /** 404 on the administrator's route: no account with that id. */
  clientNotFound: 'No such client.',
  /** 409: the account is an administrator's or a consultant's (the administrator's route). */
  notAClient: 'Only a client account can be deleted: this one belongs to the firm.',
  /** 409: erased already (also the loser of two erasures at once). */
  alreadyErased: 'This account has already been deleted.',
} as const;

/** The Profile's "Delete my account" card and its dialog (word for word, docs/product.md#your-data). */
export const erasureTexts = {
  heading: 'Delete my account',
  explanation:
    'Deleting your account logs you out everywhere, and you can no longer log in with it. Your upcoming bookings are cancelled (the firm is told, and a card payment is released or refunded as for any cancellation).',
  erasedHeading: 'What is erased',
  erased: [
    'Your name, email address, phone number, company and billing details',
    'The messages and documents you wrote or attached',
    "The words of your reviews (their ratings stay in the firm's figures)",
    'What you wrote when booking: project descriptions, notes and answers',
    'Your sessions, consents, second factor and calendar feed',
  ],
  keptHeading: 'What the firm keeps',
  kept: [
    'Invoices and credit notes already issued, exactly as issued (the law requires the firm to keep them)',
    "Your bookings as anonymous rows named 'Deleted client', so that the firm's figures do not change",
  ],
  open: 'Delete my account',
  dialogTitle: 'Delete your account?',
  warning: 'This cannot be undone. Enter your password to confirm that it is you.',
  submit: 'Delete my account permanently',
  busy: 'Deleting...',
  /** The notice on the home page afterwards. */
  doneTitle: 'Account Deleted',
  done: 'Your account was deleted. You have been logged out.',
  failed: 'Your account could not be deleted. Please try again.',
} as const;

/** The administrator's erasure of a client, from All Bookings narrowed to that client. */
export const adminErasureTexts = {
  open: "Delete this client's account",
  dialogTitle: "Delete this client's account?",
  warning: (client: string) =>
    `${client} will be erased: their name, email address, phone, company, billing address, messages, documents and review words. Their upcoming bookings are cancelled. Issued invoices and credit notes are kept as issued, and their bookings stay as 'Deleted client'. This cannot be undone.`,
  passwordPrompt: 'Enter your own password to confirm.',
  submit: 'Delete Permanently',
  busy: 'Deleting...',
  doneTitle: 'Client Deleted',
  done: (cancelled: number) =>
    cancelled === 0
      ? "The client's account was deleted."
      : `The client's account was deleted and ${cancelled === 1 ? '1 upcoming booking was' : `${cancelled} upcoming bookings were`} cancelled.`,
  failed: "The client's account could not be deleted",
} as const;

/** The list of data requests on /admin/settings. */
export const dataRequestTexts = {
  heading: 'Data Requests',
  explanation:
    "Every export and erasure of a person's data: what, whose, who asked and when. The record holds no personal data of its own.",
  empty: 'No data requests yet.',
  loading: 'Loading data requests...',
  failed: 'The data requests could not be loaded.',
  /** Whose, once the account is erased. */
  erasedSubject: erasedClientName,
  kindLabels: { export: 'Export', erasure: 'Erasure' },
  actorLabels: { self: 'The person themselves', admin: 'An administrator' },
} as const;
