/** The facts of a booking as its card lists them, then the project description. */
export function BookingFacts({
  facts,
  description,
}: {
  facts: readonly (readonly [term: string, value: string])[];
  description: string;
}) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate-700">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
      <div className="sm:col-span-2 lg:col-span-4">
        <dt className="text-sm text-slate-700">Project Description</dt>
        <dd className="whitespace-pre-wrap text-slate-900">{description}</dd>
      </div>
    </dl>
  );
}
