import { type ReactNode, useEffect, useId, useRef } from 'react';

const widths = { narrow: 'max-w-md', wide: 'max-w-4xl' } as const;

/** A modal <dialog> with its title: open while mounted, so focus stays in it; Escape closes it unless it is busy. */
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
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
      className={`m-auto w-[calc(100%-2rem)] ${widths[width]} rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50`}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
