import { duration, hourlyRate, paths, type Service, serviceCardFeatures } from '@portal/domain';
import { Check, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { IconList } from '../../../components/ui/icon-list';
import { ServiceIcon } from '../../../components/ui/service-icon';
import { RatingFigures } from '../../../components/ui/star-rating';

/** A service in the list: icon, name, rate, session length, its rating once reviewed, description, the category's features, a link. */
export function ServiceCard({ service }: { service: Service }) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-4">
        <span className="flex size-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
          <ServiceIcon category={service.category} className="size-6" />
        </span>
        <span className="text-lg font-bold text-slate-900">{hourlyRate(service.hourly_rate)}</span>
      </div>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{service.name}</h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <Clock aria-hidden="true" className="size-4" />
        <span>{`${duration(service.duration)} sessions`}</span>
      </p>
      <RatingFigures rating={service.rating} className="mt-1" />
      <p className="mt-3 text-slate-700">{service.description}</p>
      <IconList
        icon={Check}
        items={serviceCardFeatures(service.category)}
        className="mt-4 flex-1 space-y-2 text-sm text-slate-700"
        iconClassName="mt-0.5 size-4 text-green-700"
      />
      <Link to={paths.service(service.id)} className={`${buttonStyles.primary} mt-6 w-full`}>
        Book Consultation<span className="sr-only">: {service.name}</span>
      </Link>
    </article>
  );
}
