import { pageTitle } from '@portal/domain';
import { useEffect } from 'react';

/** Sets the document title of a page: "Services | OT Consulting" (the firm's tagline on the home page). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
