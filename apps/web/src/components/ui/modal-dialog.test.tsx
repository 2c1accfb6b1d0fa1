import '../../index.css';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ModalDialog } from './modal-dialog';

/** A page with a heading, a control that opens a dialog, and a dialog whose action can remove that control. */
function DialogPage({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main id="main">
      <h1>Bookings</h1>
      <button type="button">Before</button>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      {open && (
        <ModalDialog title="Cancel Booking?" busy={busy} onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Keep Booking
          </button>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setOpenerShown(false);
            }}
          >
            Cancel Booking
          </button>
        </ModalDialog>
      )}
    </main>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Cancel Booking?' });
const opener = () => page.getByRole('button', { name: 'Open', exact: true });

async function openWithKeyboard() {
  opener().element().focus();
  await userEvent.keyboard('{Enter}');
  await expect.element(dialog()).toBeVisible();
}

describe('the modal dialog', () => {
  it('returns focus to the control that opened it when Escape closes it', async () => {
    await render(<DialogPage />);
    await openWithKeyboard();
    // Its first control takes focus, and shows it.
    const keep = dialog().getByRole('button', { name: 'Keep Booking' });
    await expect.element(keep).toHaveFocus();
    expect(getComputedStyle(keep.element()).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });

  it('has a close button, last in the tab order, that returns focus to the opener', async () => {
    await render(<DialogPage />);
    await openWithKeyboard();
    await userEvent.tab();
    await userEvent.tab();
    const close = dialog().getByRole('button', { name: 'Close', exact: true });
    await expect.element(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });

  it('returns focus to the opener after its action, or to the heading when the opener is gone', async () => {
    await render(<DialogPage />);
    await openWithKeyboard();
    await dialog().getByRole('button', { name: 'Keep Booking' }).click();
    await expect.element(opener()).toHaveFocus();

    await openWithKeyboard();
    await dialog().getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(opener()).not.toBeInTheDocument();
    await expect.element(page.getByRole('heading', { name: 'Bookings' })).toHaveFocus();
  });

  it('cannot be closed while it is busy', async () => {
    await render(<DialogPage busy />);
    await openWithKeyboard();
    await expect.element(dialog().getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).toBeVisible();
  });
});
