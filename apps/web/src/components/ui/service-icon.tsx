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

/** The icon of a service, chosen by its id: 1 code, 2 database, 3 brain, 4 laptop-code, else cog. */
export function ServiceIcon({ serviceId, className }: { serviceId: number; className?: string }) {
  const Glyph = glyphs[serviceIcon(serviceId)];
  return <Glyph aria-hidden="true" className={className} />;
}
