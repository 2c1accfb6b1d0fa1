import type { ReactNode } from 'react';

/** The frame of the account screens: a centred card with a heading and an optional lead. */
export function AuthCard({
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
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export const linkStyle = 'font-medium text-blue-800 hover:underline';
export const submitStyle =
  'inline-flex w-full items-center justify-center rounded-lg bg-blue-700 px-5 py-3 text-base font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-70';
