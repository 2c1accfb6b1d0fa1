/** Added to a button's look: a disabled button is visibly unavailable. */
export const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-blue-700';
