import type { ReactNode } from 'react';

/** A button that shows it is at work: while `busy`, disabled, marked aria-busy, and labelled `busyLabel`. */
export function BusyButton({
  busy,
  busyLabel,
  children,
  className,
  type = 'button',
  onClick,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className: string;
  type?: 'button' | 'submit';
  onClick?: () => void;
}) {
  return (
    <button type={type} className={className} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
