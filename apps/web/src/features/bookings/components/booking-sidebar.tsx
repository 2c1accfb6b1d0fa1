import type { Service } from '@portal/domain';
import { hourlyRate } from '@portal/domain';
import { CircleCheck } from 'lucide-react';
import { IconList } from '../../../components/ui/icon-list';
import { ServiceIcon } from '../../../components/ui/service-icon';

/** What happens after booking, in the order it happens. */
const whatToExpect = [
  'Your booking is saved as pending straight away',
  'Our team reviews your project description and confirms the booking',
  'A consultant contacts you the way you prefer before the session',
  'A focused session with a senior consultant on your project',
  'A summary of recommendations and next steps afterwards',
] as const;

/** The service being booked and the 'What to Expect' list. */
export function BookingSidebar({ service }: { service: Service }) {
  return (
    <aside aria-label="Your consultation" className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-800">
            <ServiceIcon category={service.category} className="size-5" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">{service.name}</h2>
        </div>
        <p className="mt-3 text-slate-700">{service.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-slate-700">Rate</dt>
            <dd className="font-semibold text-slate-900">{hourlyRate(service.hourly_rate)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Duration</dt>
            <dd className="font-semibold text-slate-900">{service.duration} minutes</dd>
          </div>
        </dl>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">What to Expect</h2>
        <IconList
          icon={CircleCheck}
          items={whatToExpect}
          className="mt-3 space-y-2 text-slate-700"
          iconClassName="mt-0.5 size-5 text-green-700"
        />
      </div>
    </aside>
  );
}
