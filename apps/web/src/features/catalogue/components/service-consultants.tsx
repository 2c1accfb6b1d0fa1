import { consultantMessages } from '@portal/domain';
import { UserRound } from 'lucide-react';
import { useServiceConsultants } from '../api/get-service-consultants';

/** Who delivers the service: each consultant's name, title and bio. Nothing while loading, on failure or when none. */
export function ServiceConsultants({ serviceId }: { serviceId: number }) {
  const { data: consultants } = useServiceConsultants(serviceId);
  if (!consultants || consultants.length === 0) return null;
  return (
    <section
      aria-labelledby="service-consultants"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="service-consultants" className="text-xl font-semibold text-slate-900">
        {consultantMessages.servicePageHeading}
      </h2>
      <ul className="mt-4 space-y-4">
        {consultants.map((consultant) => (
          <li key={consultant.id} className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-700">
              <UserRound aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold text-slate-900">{consultant.name}</p>
              {consultant.title && <p className="text-sm text-slate-600">{consultant.title}</p>}
              {consultant.bio && <p className="mt-1 text-slate-700">{consultant.bio}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
