import type { ReactNode } from 'react';

/**
 * A page that has nothing to show but why: a mark (an icon, '404'), the title, a sentence, and where to go instead
 * (access denied, a page or a booking not found).
 */
export function MessagePage({
  mark,
  title,
  text,
  action,
}: {
  mark: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      {mark}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <div className="mt-8 flex justify-center">{action}</div>
    </div>
  );
}
