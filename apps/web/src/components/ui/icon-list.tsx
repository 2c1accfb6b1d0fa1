import type { LucideIcon } from 'lucide-react';

/** An item of an icon list with its own icon. */
export interface IconItem {
  icon: LucideIcon;
  text: string;
}

type Items = { icon: LucideIcon; items: readonly string[] } | { items: readonly IconItem[] };

/**
 * A list whose every item starts with an icon: `icon` for all of them, or each item's own. The list's class sets
 * spacing and text; `iconClassName` places, sizes and colours the icons.
 */
export function IconList(props: Items & { ordered?: boolean; className: string; iconClassName: string }) {
  const items: readonly IconItem[] =
    'icon' in props ? props.items.map((text) => ({ icon: props.icon, text })) : props.items;
  const List = props.ordered ? 'ol' : 'ul';
  return (
    <List className={props.className}>
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-2">
          <Icon aria-hidden="true" className={`shrink-0 ${props.iconClassName}`} />
          <span>{text}</span>
        </li>
      ))}
    </List>
  );
}
