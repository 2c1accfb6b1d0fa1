import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card of a grid: an icon on a tile, a heading, then the text. With `to`, the heading's link covers the whole
 * card. `solid` puts the icon on a blue tile.
 */
export function IconCard({
  icon,
  title,
  level = 2,
  to,
  solid = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  level?: 2 | 3;
  to?: string;
  solid?: boolean;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const linked = 'relative transition-shadow focus-within:ring-2 focus-within:ring-blue-700 hover:shadow-md';
  return (
    <li className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${to ? linked : ''}`}>
      <span
        className={`flex size-12 items-center justify-center rounded-xl ${solid ? 'bg-blue-700 text-white' : 'bg-blue-50 text-blue-700'}`}
      >
        {icon}
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">
        {to ? (
          <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}
