import { type ReactNode, useEffect, useId, useRef } from 'react';
import { focusHeading } from '../../lib/focus-heading';

const widths = { narrow: 'max-w-md', wide: 'max-w-4xl' } as const;

/**
 * Where focus goes when a dialog closes: back to the control that opened it, or, when that control is gone (the
 * booking it was on changed), to the page's heading, so keyboard and screen-reader users never land at the top.
 */
function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && !opener.closest('[inert]')) {
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) return;
  }
  focusHeading(document.getElementById('main'));
}

/**
 * A modal <dialog> with its title and a close button: open while mounted, so focus stays in it; Escape and the close
 * button close it unless it is busy, and focus then returns to the control that opened it.
 */
export function ModalDialog({
  title,
  busy,
  onClose,
  width = 'narrow',
  describedBy,
  children,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  width?: keyof typeof widths;
  /** The id of the element that says what the dialog is about, when there is one. */
  describedBy?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      returnFocus(opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`relative m-auto w-[calc(100%-2rem)] ${widths[width]} rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50 [&_:focus-visible]:outline-2 [&_:focus-visible]:outline-offset-2 [&_:focus-visible]:outline-blue-700`}
    >
      <h2 id={`${id}-title`} className="pr-10 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      {/* Last in the tab order, so opening the dialog still focuses its first control; drawn at its top right. */}
      <button
        type="button"
        aria-label="Close"
        title="Close"
        disabled={busy}
        onClick={onClose}
        className="absolute top-4 right-4 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </dialog>
  );
}
