// The accounts library's two-factor endpoints the web app calls (docs/product.md#two-factor-sign-in): setting it up
// from the profile, and the second step of logging in. One file for the five: they are one feature's steps.
import {
  apiPaths,
  recoveryCodesAnswerSchema,
  type TwoFactorEnableAnswer,
  twoFactorEnableAnswerSchema,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useAccountActions } from '../../../lib/account-state';
import { apiFetch, apiRequest } from '../../../lib/api-client';

/** POST two-factor/enable: the app's otpauth URI and the recovery codes; not on until a first code confirms it. */
export function enableTwoFactor(password: string): Promise<TwoFactorEnableAnswer> {
  return apiRequest(apiPaths.accounts.twoFactor.enable, twoFactorEnableAnswerSchema, {
    method: 'POST',
    body: { password },
  });
}

/**
 * POST two-factor/verify-totp: a code from the app. Signed in, it confirms the set-up (the session is renewed);
 * in a sign-in's second step, it starts the session.
 */
export async function verifyTotp(code: string): Promise<void> {
  await apiFetch(apiPaths.accounts.twoFactor.verifyTotp, { method: 'POST', body: { code } });
}

/** POST two-factor/verify-backup-code: a recovery code instead, in a sign-in's second step; each works once. */
export async function verifyRecoveryCode(code: string): Promise<void> {
  await apiFetch(apiPaths.accounts.twoFactor.verifyBackupCode, { method: 'POST', body: { code } });
}

/** POST two-factor/disable with the password. */
export async function disableTwoFactor(password: string): Promise<void> {
  await apiFetch(apiPaths.accounts.twoFactor.disable, { method: 'POST', body: { password } });
}

/** POST two-factor/generate-backup-codes with the password: new codes, the old ones no longer work. */
export async function newRecoveryCodes(password: string): Promise<string[]> {
  const answer = await apiRequest(
    apiPaths.accounts.twoFactor.generateBackupCodes,
    recoveryCodesAnswerSchema,
    {
      method: 'POST',
      body: { password },
    },
  );
  return answer.backupCodes;
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

export function useNewRecoveryCodes() {
  return useMutation({ mutationFn: newRecoveryCodes });
}

/** A change that renews the session (confirming, turning off): the account state is read again after it. */
function useSessionChange<T>(change: (input: T) => Promise<void>) {
  const { refresh } = useAccountActions();
  return useMutation({
    mutationFn: async (input: T) => {
      await change(input);
      await refresh();
    },
  });
}

export function useConfirmTwoFactor() {
  return useSessionChange(verifyTotp);
}

export function useDisableTwoFactor() {
  return useSessionChange(disableTwoFactor);
}
