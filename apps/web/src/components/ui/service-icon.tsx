import { type ServiceIcon as ServiceIconName, serviceIcon } from '@portal/domain';
import { Brain, Code, Cog, Database, Laptop, type LucideIcon } from 'lucide-react';

/** The product's icon names (Font Awesome's, docs/product.md#catalogue) drawn with their lucide counterparts. */
const glyphs: Record<ServiceIconName, LucideIcon> = {
  code: Code,
  database: Database,
  brain: Brain,
  'laptop-code': Laptop,
  cog: Cog,
};

/** The icon of a service, chosen by its category (any category the portal does not know: a cog). */
export function ServiceIcon({ category, className }: { category: string; className?: string }) {
  const Glyph = glyphs[serviceIcon(category)];
  return <Glyph aria-hidden="true" className={className} />;
}
