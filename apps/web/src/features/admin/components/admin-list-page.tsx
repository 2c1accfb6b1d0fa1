import { paths } from '@portal/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';

/**
 * An administrators' list page (messages, reviews): the way back to the dashboard, the title and what the list is,
 * the list with its loading, failed and empty states, and the button for its next page.
 */
export function AdminListPage<TPage>({
  title,
  intro,
  query,
  texts,
  isEmpty,
  moreLabel,
  children,
}: {
  title: string;
  intro: string;
  query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  texts: ListTexts;
  isEmpty: (pages: InfiniteData<TPage>) => boolean;
  moreLabel: string;
  /** The list's items (`<li>`s), given its pages. */
  children: (pages: InfiniteData<TPage>) => ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Link to={paths.admin} className="inline-flex items-center gap-1 text-sm text-blue-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      <div className="mt-6">
        <QueryStates query={query} texts={texts} isEmpty={isEmpty}>
          {(pages) => <ul className="space-y-3">{children(pages)}</ul>}
        </QueryStates>
        <NextPageButton query={query} label={moreLabel} className="mt-4" />
      </div>
    </div>
  );
}
