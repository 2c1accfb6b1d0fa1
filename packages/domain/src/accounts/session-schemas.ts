// The API contract of the caller's sessions (zod), and the Profile's change-password form.
import { z } from 'zod';
import { isoInstantSchema } from '../api/schemas.ts';
import { accountMessages } from './messages.ts';
import { minPasswordLength } from './rules.ts';

/** One of the caller's sessions: its row's id (never its token), where and when it was used. */
export const accountSessionSchema = z.object({
  id: z.string().describe("The session's id (not its token): DELETE /api/account/sessions/{id} ends it"),
  user_agent: z.string().nullable().describe('The User-Agent it signed in with'),
  ip: z.string().nullable().describe('The client address it signed in from'),
  created_at: isoInstantSchema.describe('When it signed in'),
  last_seen_at: isoInstantSchema.describe(
    'When a request last came with it (moved on every few minutes at most)',
  ),
  current: z.boolean().describe('Whether it is the session of this request'),
});
export type ListedSession = z.infer<typeof accountSessionSchema>;

/** `GET /api/account/sessions`: the caller's unexpired sessions, the current first, then the last seen first. */
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** `DELETE /api/account/sessions/{id}`: any text (an id that is not the caller's session is a 404, never a 400). */
export const accountSessionParamsSchema = z.object({ id: z.string().max(255) });

/** The Profile's Change password form: current, new and confirm; one message at a time, the first problem first. */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((form, context) => {
    const empty = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
      (name) => form[name] === '',
    );
    if (empty) {
      context.addIssue({ code: 'custom', message: accountMessages.resetFieldsRequired, path: [empty] });
    } else if (form.newPassword !== form.confirmPassword) {
      context.addIssue({
        code: 'custom',
        message: accountMessages.passwordsDoNotMatch,
        path: ['confirmPassword'],
      });
    } else if (form.newPassword.length < minPasswordLength) {
      context.addIssue({
        code: 'custom',
        message: accountMessages.passwordTooShortReset,
        path: ['newPassword'],
      });
    }
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
