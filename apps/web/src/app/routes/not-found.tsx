import { paths } from '@portal/domain';
import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-6xl font-bold text-blue-700">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className={`${buttonStyles.primary} mt-8`}>
        <Home aria-hidden="true" className="size-5" />
        Go Home
      </Link>
    </div>
  );
}
