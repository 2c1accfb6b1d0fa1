import { paths } from '@portal/domain';
import { useState } from 'react';
import { signOut } from '../../lib/auth-client';
import { forgetPending } from '../../lib/pending-bookings-storage';
import { useNotify } from '../notifications/use-notify';

const signOutFailed = 'Failed to log out. Please try again.';

/**
 * Logout: ends the session on the server, then loads the home page afresh. The reload is the whole of "LOGOUT
 * clears all" (spec §4): no cached answer, form or in-memory state of the signed-in user survives it, and a
 * guarded page never sees the session vanish under it (it would send the user to /login instead of home).
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const { notify } = useNotify();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      await signOut();
      forgetPending(); // bookings kept unsent in this browser belong to the user signing out
      window.location.assign(paths.home);
    } catch (error) {
      setPending(false);
      notify({
        type: 'error',
        title: 'Error',
        message: error instanceof Error && error.message ? error.message : signOutFailed,
      });
    }
  }
  return { signOut: run, pending };
}
