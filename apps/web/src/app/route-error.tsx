import { paths } from '@portal/domain';
import { Component, type ReactNode } from 'react';
import { buttonStyles } from '../components/ui/button-styles';

/** Shown when a page fails to render or its code cannot be loaded (for example after a new release). */
export function RouteError() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Something Went Wrong</h1>
      <p className="mt-4 text-lg text-slate-700">This page could not be shown. Reloading usually helps.</p>
      <a href={paths.home} className={`${buttonStyles.primary} mt-8`}>
        Go Home
      </a>
    </main>
  );
}

interface BoundaryProps {
  /** The address shown: the error page stays until it changes. */
  pathname: string;
  children: ReactNode;
}

/**
 * Shows RouteError in place of the pages when one throws while rendering (React catches render errors only in a
 * class component); going to another address tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
