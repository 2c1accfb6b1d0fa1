import { paths } from '@portal/domain';
import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { MessagePage } from '../../components/ui/message-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <MessagePage
      mark={<p className="text-6xl font-bold text-blue-700">404</p>}
      title="Page Not Found"
      text="The page you are looking for does not exist or has moved."
      action={
        <Link to={paths.home} className={buttonStyles.primary}>
          <Home aria-hidden="true" className="size-5" />
          Go Home
        </Link>
      }
    />
  );
}
