import { useEffect } from 'react';
import { pageTitle } from '../config/company';

/** Sets the document title of a page: "Services | OT Consulting" (the firm's tagline on the home page). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
