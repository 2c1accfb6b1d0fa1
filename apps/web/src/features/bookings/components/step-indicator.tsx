import { Check } from 'lucide-react';

const wizardSteps = ['Date & Time', 'Details', 'Confirmation'] as const;
export type WizardStep = 1 | 2 | 3;

/** The three steps, the current one marked for assistive tech with aria-current="step". */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <ol aria-label="Booking steps" className="flex flex-wrap items-center gap-2 sm:gap-4">
      {wizardSteps.map((name, index) => {
        const number = index + 1;
        const done = number < current;
        const active = number === current;
        return (
          <li
            key={name}
            aria-current={active ? 'step' : undefined}
            className="flex items-center gap-2 text-sm font-medium"
          >
            <span
              aria-hidden="true"
              className={`flex size-8 items-center justify-center rounded-full border-2 ${
                active
                  ? 'border-blue-700 bg-blue-700 text-white'
                  : done
                    ? 'border-green-700 bg-green-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700'
              }`}
            >
              {done ? <Check className="size-4" /> : number}
            </span>
            <span className={active ? 'text-blue-800' : 'text-slate-700'}>
              <span className="sr-only">Step {number}: </span>
              {name}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {number < wizardSteps.length && (
              <span aria-hidden="true" className="hidden h-px w-8 bg-slate-300 sm:block" />
            )}
          </li>
        );
      })}
    </ol>
  );
}
