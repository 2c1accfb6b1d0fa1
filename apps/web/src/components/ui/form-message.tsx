import type { ReactNode } from 'react';

/** A message box above or below a form: errors are alerts, the rest polite status messages. */
export function FormMessage({ type, children }: { type: 'error' | 'success' | 'info'; children: ReactNode }) {
  const look =
    type === 'error'
      ? 'border-red-200 bg-red-50 text-red-900'
      : type === 'success'
        ? 'border-green-200 bg-green-50 text-green-900'
        : 'border-blue-200 bg-blue-50 text-blue-950';
  return (
    <div role={type === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-3 text-sm ${look}`}>
      {children}
    </div>
  );
}
