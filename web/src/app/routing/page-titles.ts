import { useEffect } from 'react';
import { ROUTES, SITE_TITLE, type PageKey } from './routes';

export { SITE_TITLE } from './routes';

/** Sets the document title of the page on screen (routes.ts; the site title while none is). */
export function useDocumentTitle(page: PageKey | null) {
  useEffect(() => {
    document.title = page ? ROUTES[page].title : SITE_TITLE;
  }, [page]);
}
