import { ChevronDown, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { mobileLink, signedInItems } from './nav-items';
import { useSignOut } from './use-sign-out';

const menuItem =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700';

/** The user menu of the top bar: the first name, opening Profile and Logout. */
export function UserMenu({ firstName }: { firstName: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { signOut, busy } = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !container.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // Begins with the name it shows, so speech users can say what they see.
        aria-label={`${firstName}, user menu`}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <UserRound aria-hidden="true" className="size-5 text-blue-700" />
        <span>{firstName}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <ul>
          <li>
            <Link to={signedInItems.profile.to} className={menuItem} onClick={() => setOpen(false)}>
              {signedInItems.profile.label}
            </Link>
          </li>
          <li>
            <button type="button" className={menuItem} disabled={busy} onClick={() => void signOut()}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The same, in the mobile menu: the first name, Profile and Logout as items of the list. */
export function MobileUserItems({ firstName, onNavigate }: { firstName: string; onNavigate: () => void }) {
  const { signOut, busy } = useSignOut();
  return (
    <>
      <li className="border-t border-slate-200 px-3 pt-3 text-sm font-semibold text-slate-700">
        {firstName}
      </li>
      <li>
        <NavLink to={signedInItems.profile.to} className={mobileLink} onClick={onNavigate}>
          {signedInItems.profile.label}
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          disabled={busy}
          className={mobileLink({ isActive: false })}
          onClick={() => {
            onNavigate();
            void signOut();
          }}
        >
          Logout
        </button>
      </li>
    </>
  );
}
