import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';

export const linkStyle = 'font-medium text-blue-800 hover:underline';

/** The frame of the account screens: a centred card with a heading, an optional lead, and its content. */
export function AccountCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {lead && <p className="mt-2 text-slate-700">{lead}</p>}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </div>
  );
}

/** A card that can only say why the page cannot be used here, and where to go instead. */
export function AccountNotice({
  title,
  message,
  to,
  action,
}: {
  title: string;
  message: string;
  to: string;
  action: string;
}) {
  return (
    <AccountCard title={title}>
      <div className="space-y-6">
        <FormMessage type="error">{message}</FormMessage>
        <Link to={to} className={`${buttonStyles.primary} w-full`}>
          {action}
        </Link>
      </div>
    </AccountCard>
  );
}

/** A link under an account form to the neighbouring screen, with an optional question before it. */
export function AccountLink({
  to,
  question,
  children,
}: {
  to: string;
  question?: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-sm text-slate-700">
      {question && `${question} `}
      <Link to={to} className={linkStyle}>
        {children}
      </Link>
    </p>
  );
}
