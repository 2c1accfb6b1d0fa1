import { Outlet } from 'react-router';
import { FocusOnNavigation } from './focus-on-navigation';
import { Footer } from './footer';
import { ScrollRestoration } from './scroll-restoration';
import { TopBar } from './top-bar';

/** Every page: skip link, top bar, the page, footer; focus moves to a new page's heading. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to Main Content
      </a>
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      <FocusOnNavigation />
    </div>
  );
}
