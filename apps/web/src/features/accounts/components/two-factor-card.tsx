import {
  destinationParam,
  recoveryCodesFile,
  sitePath,
  type TotpCode,
  type TotpCodeForm,
  type TwoFactorEnableAnswer,
  type TwoFactorPasswordForm,
  totpCodeFormSchema,
  totpSecretOf,
  twoFactorMessages,
  twoFactorPasswordFormSchema,
} from '@portal/domain';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { useAccount } from '../../../lib/use-session';
import { serverMessage } from '../api/errors';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
} from '../api/two-factor';
import { twoFactorCardId } from './route-guards';

/** The QR code's library loads only when someone sets up an app (docs/decisions/053). */
const QrCode = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));

/** The server's words for a refusal (a wrong password or code, too many tries), else the product's own. */
function refused(error: unknown): Notice {
  return { type: 'error', text: serverMessage(error) ?? twoFactorMessages.failed };
}

/** What the card shows: its state, a password asked for one of the changes, the set-up, or new codes. */
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'codes' }
  | { kind: 'setup'; answer: TwoFactorEnableAnswer }
  | { kind: 'codes'; codes: string[] };

/** The password asked again before a change; `onPassword` does the change with it. */
function PasswordStep({
  label,
  busy,
  onPassword,
  onCancel,
}: {
  label: string;
  busy: string;
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(twoFactorPasswordFormSchema, { defaultValues: { password: '' } });
  async function send(values: TwoFactorPasswordForm): Promise<undefined> {
    await onPassword(values.password);
  }
  return (
    <SchemaForm
      form={form}
      onSubmit={send}
      onFailure={refused}
      submit={{ label, busy }}
      onCancel={onCancel}
      className="mt-4 space-y-4"
    >
      <p className="text-slate-700">{twoFactorMessages.passwordToContinue}</p>
      <InputField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
    </SchemaForm>
  );
}

/** The recovery codes, shown once: to copy or to download as a text file. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const account = useAccount();
  const [note, setNote] = useState('');
  const email = account.session?.user.email ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setNote(twoFactorMessages.codesCopied);
    } catch {
      setNote(twoFactorMessages.copyFailed);
    }
  }

  function download() {
    const file = new Blob([recoveryCodesFile(codes, email)], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <div className="mt-4">
      <h4 className="font-semibold text-slate-900">{twoFactorMessages.recoveryCodesHeading}</h4>
      <p className="mt-1 text-slate-700">{twoFactorMessages.recoveryCodesStep}</p>
      <ul
        aria-label={twoFactorMessages.recoveryCodesHeading}
        className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={copy}>
          {twoFactorMessages.copyCodes}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={download}>
          {twoFactorMessages.downloadCodes}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 text-sm text-slate-700">
        {note}
      </p>
    </div>
  );
}

/** The app to set up (QR code and key), the recovery codes, and the first code that turns it on. */
function SetUpStep({
  answer,
  onDone,
  onCancel,
}: {
  answer: TwoFactorEnableAnswer;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useSchemaForm(totpCodeFormSchema, { defaultValues: { code: '' } });
  const secret = totpSecretOf(answer.totpURI) ?? '';

  async function send(values: TotpCode): Promise<undefined> {
    await confirm.mutateAsync(values.code);
    await onDone();
  }

  return (
    <div className="mt-4">
      <p className="text-slate-700">{twoFactorMessages.scanStep}</p>
      <div className="mt-4 flex flex-wrap items-center gap-6">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <Suspense fallback={<div className="size-44" />}>
            <QrCode
              value={answer.totpURI}
              size={176}
              role="img"
              aria-label={twoFactorMessages.qrCodeLabel}
              marginSize={2}
            />
          </Suspense>
        </div>
        <TextField
          label={twoFactorMessages.secretLabel}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 font-mono"
        />
      </div>
      <RecoveryCodes codes={answer.backupCodes} />
      <SchemaForm<TotpCodeForm, TotpCode>
        form={form}
        onSubmit={send}
        onFailure={refused}
        submit={{ label: twoFactorMessages.confirm, busy: twoFactorMessages.confirming }}
        onCancel={onCancel}
        className="mt-4 space-y-4"
      >
        <p className="text-slate-700">{twoFactorMessages.confirmStep}</p>
        <InputField
          form={form}
          name="code"
          label={twoFactorMessages.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
      </SchemaForm>
    </div>
  );
}

/**
 * Profile → Security: two-factor sign-in with an authenticator app (docs/product.md#two-factor-sign-in). Off: set it
 * up with the password, the app's QR code or key, the recovery codes shown once, and a first code. On: new recovery
 * codes, or turn it off, each with the password. When the firm requires it of the account and it is off, the card
 * says so; once it is on, the page the account was sent from opens.
 */
export function TwoFactorCard() {
  const headingId = useId();
  const account = useAccount();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const card = useRef<HTMLElement>(null);
  const user = account.session?.user;
  const on = user?.twoFactorEnabled === true;
  const required = user?.twoFactorRequired === true;

  // Sent here to set it up: the card is what the page is for.
  useEffect(() => {
    if (window.location.hash === `#${twoFactorCardId}`) card.current?.scrollIntoView({ block: 'start' });
  }, []);

  async function enabled(): Promise<void> {
    setStep({ kind: 'idle' });
    notify({ type: 'success', title: 'Success', message: twoFactorMessages.enabled });
    const onward = sitePath(searchParams.get(destinationParam));
    if (onward !== undefined) await navigate(onward, { replace: true });
  }

  const cancel = () => setStep({ kind: 'idle' });
  let body: ReactNode;
  if (step.kind === 'setup') body = <SetUpStep answer={step.answer} onDone={enabled} onCancel={cancel} />;
  else if (step.kind === 'codes')
    body = (
      <>
        <RecoveryCodes codes={step.codes} />
        <button type="button" className={buttonStyles.primary} onClick={cancel}>
          {twoFactorMessages.continue}
        </button>
      </>
    );
  else if (step.kind === 'password' && step.purpose === 'enable')
    body = (
      <PasswordStep
        label={twoFactorMessages.continue}
        busy={twoFactorMessages.confirming}
        onCancel={cancel}
        onPassword={async (password) =>
          setStep({ kind: 'setup', answer: await enable.mutateAsync(password) })
        }
      />
    );
  else if (step.kind === 'password' && step.purpose === 'codes')
    body = (
      <PasswordStep
        label={twoFactorMessages.newRecoveryCodes}
        busy={twoFactorMessages.confirming}
        onCancel={cancel}
        onPassword={async (password) => {
          setStep({ kind: 'codes', codes: await newCodes.mutateAsync(password) });
          notify({ type: 'success', title: 'Success', message: twoFactorMessages.newCodesMade });
        }}
      />
    );
  else if (step.kind === 'password')
    body = (
      <>
        {required && (
          <div className="mt-4">
            <FormMessage type="info">{twoFactorMessages.requiredKept}</FormMessage>
          </div>
        )}
        <PasswordStep
          label={twoFactorMessages.turnOff}
          busy={twoFactorMessages.confirming}
          onCancel={cancel}
          onPassword={async (password) => {
            await disable.mutateAsync(password);
            setStep({ kind: 'idle' });
            notify({ type: 'success', title: 'Success', message: twoFactorMessages.disabled });
          }}
        />
      </>
    );
  else
    body = (
      <div className="mt-4 flex flex-wrap gap-3">
        {on ? (
          <>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setStep({ kind: 'password', purpose: 'codes' })}
            >
              {twoFactorMessages.newRecoveryCodes}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setStep({ kind: 'password', purpose: 'disable' })}
            >
              {twoFactorMessages.turnOff}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => setStep({ kind: 'password', purpose: 'enable' })}
          >
            {twoFactorMessages.turnOn}
          </button>
        )}
      </div>
    );

  return (
    <section
      id={twoFactorCardId}
      ref={card}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-slate-200 p-5"
    >
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {twoFactorMessages.heading}
      </h3>
      <p className="mt-2 text-slate-700">{twoFactorMessages.explanation}</p>
      {required && !on && (
        <div className="mt-4">
          <FormMessage type="info">{twoFactorMessages.required}</FormMessage>
        </div>
      )}
      <p className="mt-4 font-medium text-slate-900">{on ? twoFactorMessages.on : twoFactorMessages.off}</p>
      {body}
    </section>
  );
}
