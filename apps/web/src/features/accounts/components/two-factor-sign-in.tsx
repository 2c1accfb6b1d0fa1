import {
  accountMessages,
  type RecoveryCode,
  recoveryCodeFormSchema,
  type TotpCode,
  totpCodeFormSchema,
  twoFactorErrorCodes,
  twoFactorMessages,
} from '@portal/domain';
import { useState } from 'react';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { errorCode, serverMessage } from '../api/errors';
import { verifyRecoveryCode, verifyTotp } from '../api/two-factor';
import { AccountCard, linkStyle } from './account-card';
import { cardSubmit } from './account-fields';

const submit: SubmitLabels = {
  label: twoFactorMessages.verify,
  busy: twoFactorMessages.verifying,
  className: cardSubmit,
};

/** Refusals after which this sign-in cannot go on: the password is asked again. */
const spentCodes: ReadonlySet<string | undefined> = new Set([
  twoFactorErrorCodes.signInExpired,
  twoFactorErrorCodes.tooManyAttempts,
]);

interface Props {
  /** The code was right: the session has started. */
  onSignedIn: () => Promise<void>;
  /** Back to the password, saying why when the sign-in ran out. */
  onRestart: (message?: string) => void;
}

/**
 * The second step of logging in to an account with a second factor (docs/product.md#two-factor-sign-in): the
 * 6-digit code of the authenticator app, or one of the recovery codes instead.
 */
export function TwoFactorSignIn({ onSignedIn, onRestart }: Props) {
  const [recovery, setRecovery] = useState(false);
  const totpForm = useSchemaForm(totpCodeFormSchema, { defaultValues: { code: '' } });
  const recoveryForm = useSchemaForm(recoveryCodeFormSchema, { defaultValues: { code: '' } });

  function refused(error: unknown): Notice | undefined {
    const code = errorCode(error);
    if (spentCodes.has(code)) {
      onRestart(serverMessage(error));
      return undefined;
    }
    if (error instanceof ApiError && error.isClientError) return { type: 'error', text: error.message };
    return { type: 'error', text: accountMessages.unexpectedError };
  }

  async function withCode(values: TotpCode): Promise<undefined> {
    await verifyTotp(values.code);
    await onSignedIn();
  }

  async function withRecoveryCode(values: RecoveryCode): Promise<undefined> {
    await verifyRecoveryCode(values.code);
    await onSignedIn();
  }

  return (
    <AccountCard
      title={twoFactorMessages.heading}
      lead={recovery ? twoFactorMessages.signInRecoveryLead : twoFactorMessages.signInLead}
    >
      {recovery ? (
        <SchemaForm
          key="recovery"
          form={recoveryForm}
          fields={[
            { name: 'code', label: twoFactorMessages.recoveryCodeLabel, type: 'text', autoComplete: 'off' },
          ]}
          submit={submit}
          onSubmit={withRecoveryCode}
          onFailure={refused}
        />
      ) : (
        <SchemaForm key="app" form={totpForm} submit={submit} onSubmit={withCode} onFailure={refused}>
          {/* Digits on a phone's keyboard, and the one-time code the browser may know. */}
          <InputField
            form={totpForm}
            name="code"
            label={twoFactorMessages.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
        </SchemaForm>
      )}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button type="button" className={linkStyle} onClick={() => setRecovery((shown) => !shown)}>
          {recovery ? twoFactorMessages.useAppCode : twoFactorMessages.useRecoveryCode}
        </button>
        <button type="button" className={linkStyle} onClick={() => onRestart()}>
          {twoFactorMessages.backToLogin}
        </button>
      </div>
    </AccountCard>
  );
}
