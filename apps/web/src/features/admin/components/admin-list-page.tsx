import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';

/**
 * An administrators' list page (messages, reviews): the title and what the list is,
 * the list with its loading, failed and empty states, and the button for its next page.
 */
export function AdminListPage<TPage, TItem>({
  title,
  intro,
  query,
  texts,
  itemsOf,
  moreLabel,
  children,
}: {
  title: string;
  intro: string;
  query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  texts: ListTexts;
  /** The items of one page. */
  itemsOf: (page: TPage) => readonly TItem[];
  moreLabel: string;
  /** One item of the list (an `<li>` with its key). */
  children: (item: TItem) => ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      <div className="mt-6">
        <QueryStates
          query={query}
          texts={texts}
          isEmpty={(data) => data.pages.every((page) => itemsOf(page).length === 0)}
        >
          {(data) => (
            <ul className="space-y-3">{data.pages.flatMap((page) => itemsOf(page).map(children))}</ul>
          )}
        </QueryStates>
        <NextPageButton query={query} label={moreLabel} className="mt-4" />
      </div>
    </div>
  );
}
