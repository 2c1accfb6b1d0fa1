import { consultantMessages, type PublicConsultant } from '@portal/domain';
import { useId } from 'react';

/** A consultant's name with their title, as the wizard names them. */
export function consultantLabel(consultant: Pick<PublicConsultant, 'name' | 'title'>): string {
  return consultant.title ? `${consultant.name}, ${consultant.title}` : consultant.name;
}

/**
 * Step 1's choice of who: 'Any available consultant' (the default) or one of the service's consultants by name, each
 * with their title and bio as the radio's description. A service with one consultant names them instead (there is
 * nothing to choose); none known (loading, failed, nobody) shows nothing and books as 'any'.
 */
export function ConsultantChoice({
  consultants,
  chosenId,
  onChoose,
}: {
  consultants: readonly PublicConsultant[];
  chosenId: number | undefined;
  onChoose: (consultantId: number | undefined) => void;
}) {
  const id = useId();
  const [only] = consultants;
  if (consultants.length === 0 || !only) return null;
  if (consultants.length === 1) {
    return (
      <p
        className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800"
        data-testid="consultant-info"
      >
        <span className="font-semibold">{consultantMessages.onlyConsultant(only.name)}</span>
        {only.title && <span className="block text-sm text-slate-700">{only.title}</span>}
        {only.bio && <span className="mt-1 block text-sm text-slate-700">{only.bio}</span>}
      </p>
    );
  }
  const options = [
    {
      key: 'any',
      value: undefined,
      name: consultantMessages.anyConsultant,
      title: '',
      bio: consultantMessages.anyConsultantHint,
    },
    ...consultants.map((consultant) => ({ key: String(consultant.id), value: consultant.id, ...consultant })),
  ];
  return (
    <fieldset data-testid="consultant-choice">
      <legend className="text-base font-semibold text-slate-900">{consultantMessages.wizardLegend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const chosen = option.value === chosenId;
          const describedBy = `${id}-${option.key}-about`;
          return (
            <label
              key={option.key}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700 ${
                chosen ? 'border-blue-700 bg-blue-50' : 'border-slate-300 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name={`${id}-consultant`}
                value={option.key}
                checked={chosen}
                onChange={() => onChoose(option.value)}
                aria-describedby={option.title || option.bio ? describedBy : undefined}
                className="mt-1 size-4 shrink-0 accent-blue-700"
              />
              <span>
                <span className="font-medium text-slate-900">{option.name}</span>
                {(option.title || option.bio) && (
                  <span id={describedBy} className="block text-sm text-slate-700">
                    {option.title && <span className="block">{option.title}</span>}
                    {option.bio && <span className="mt-1 block">{option.bio}</span>}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
