import { type AdminPeriod, dashboardPeriods } from '@portal/domain';

const periodLabels: Record<AdminPeriod, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

const periodHints: Record<AdminPeriod, string> = {
  week: 'the last 7 days',
  month: 'this month so far',
  quarter: 'this quarter so far',
  year: 'this year so far',
};

export function periodHint(period: AdminPeriod): string {
  return periodHints[period];
}

/** The dashboard's period buttons (docs/product.md#administration); the chosen one is pressed. */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: AdminPeriod;
  onChange: (period: AdminPeriod) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form's fieldset.
    <div
      role="group"
      aria-label="Period"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
    >
      {dashboardPeriods.map((choice) => {
        const pressed = choice === period;
        return (
          <button
            key={choice}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(choice)}
            className={`rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
              pressed ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-100'
            }`}
          >
            {periodLabels[choice]}
          </button>
        );
      })}
    </div>
  );
}
