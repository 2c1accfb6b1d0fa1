import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder for /admin and every path under it, shown to administrators only; the dashboard is a later issue. */
export function AdminRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
      <p className="mt-4 text-lg text-slate-700">
        Placeholder: statistics and booking management arrive with the administration release.
      </p>
    </div>
  );
}
