import { accountMessages, paths } from '@portal/domain';
import { useState } from 'react';
import { signOut } from '../../lib/accounts-client';
import { forgetUnsent } from '../../lib/unsent-bookings-storage';
import { useNotify } from '../notifications/use-notify';

/**
 * Logout: ends the session on the server, then loads the home page afresh. The reload is how logging out clears
 * everything (docs/product.md#sessions-and-the-account-state): no cached answer, form or in-memory state of the
 * signed-in user survives it, and a guarded page never sees the session vanish under it (it would send the user
 * to /login instead of home).
 */
export function useSignOut(): { signOut: () => Promise<void>; busy: boolean } {
  const { notify } = useNotify();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await signOut();
      forgetUnsent(); // bookings kept unsent in this browser belong to the user signing out
      window.location.assign(paths.home);
    } catch (error) {
      setBusy(false);
      notify({
        type: 'error',
        title: 'Error',
        message: error instanceof Error && error.message ? error.message : accountMessages.signOutFailed,
      });
    }
  }
  return { signOut: run, busy };
}
