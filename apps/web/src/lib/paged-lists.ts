// Changing one item in the cache of a paged list (useInfiniteQuery), so a mutation's answer shows at once.
import type { InfiniteData } from '@tanstack/react-query';

/** Each cached page of a paged list through `update`; nothing when the list was never loaded. */
export function updatePages<TPage>(
  data: InfiniteData<TPage> | undefined,
  update: (page: TPage) => TPage,
): InfiniteData<TPage> | undefined {
  return data ? { ...data, pages: data.pages.map(update) } : data;
}

/** The items with the one of the same id as `changed` replaced by it. */
export function withChanged<TItem extends { id: number }>(items: readonly TItem[], changed: TItem): TItem[] {
  return items.map((item) => (item.id === changed.id ? changed : item));
}
