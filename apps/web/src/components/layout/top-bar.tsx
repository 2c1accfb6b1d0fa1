import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { type AccountState, useAccount } from '../../lib/use-session';
import { buttonStyles } from '../ui/button-styles';
import { Brand } from './brand';
import { mainNavItems, mobileLink, type NavItem, signedInItems, signedOutItems } from './nav-items';

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

// The signed-in controls (user menu, Logout) load only for someone signed in: visitors never download them.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const MobileUserItems = lazy(async () => ({ default: (await import('./user-menu')).MobileUserItems }));

/** The links of the main navigation for this visitor: Dashboard, My Bookings (and Admin) once signed in. */
function navItemsFor(account: AccountState): NavItem[] {
  if (!account.user) return [...mainNavItems];
  return [
    ...mainNavItems,
    signedInItems.dashboard,
    signedInItems.myBookings,
    ...(account.isConsultant ? [signedInItems.schedule] : []),
    ...(account.isAdmin ? [signedInItems.admin] : []),
  ];
}

/** The top bar; under 768px (Tailwind's md) its links move into a menu opened by a toggle. */
export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  const account = useAccount();
  const { pathname } = useLocation();
  const items = navItemsFor(account);

  // The mobile menu closes when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end ?? false} className={desktopLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden min-w-40 items-center justify-end gap-2 md:flex">
          {account.loading ? null : account.user ? (
            <Suspense fallback={null}>
              <UserMenu firstName={account.firstName} />
            </Suspense>
          ) : (
            <>
              <NavLink to={signedOutItems.login.to} className={desktopLink}>
                {signedOutItems.login.label}
              </NavLink>
              <Link to={signedOutItems.register.to} className={`${buttonStyles.primary} px-4 py-2 text-sm`}>
                {signedOutItems.register.label}
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700 md:hidden"
          aria-label="Main menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Main menu"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false} className={mobileLink} onClick={closeMenu}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {account.loading ? null : account.user ? (
            <Suspense fallback={null}>
              <MobileUserItems firstName={account.firstName} onNavigate={closeMenu} />
            </Suspense>
          ) : (
            [signedOutItems.login, signedOutItems.register].map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={mobileLink} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))
          )}
        </ul>
      </nav>
    </header>
  );
}
