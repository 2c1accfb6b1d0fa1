import type { LegalSection } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A policy's sections: each a region named by its heading, its statements as a list, its links after them. */
export function LegalSections({
  sections,
  idPrefix,
}: {
  sections: readonly LegalSection[];
  idPrefix: string;
}) {
  return (
    <div className="space-y-10">
      {sections.map((section, index) => {
        const headingId = `${idPrefix}-section-${index + 1}`;
        return (
          <section key={section.title} aria-labelledby={headingId}>
            <h2 id={headingId} className="text-xl font-semibold text-slate-900">
              {section.title}
            </h2>
            <ul className="mt-4 list-disc space-y-3 pl-6 text-slate-700">
              {section.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            {section.links && (
              <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
                {section.links.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className="font-semibold text-blue-800 underline hover:text-blue-900"
                  >
                    {link.text}
                  </Link>
                ))}
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The frame of a policy page: its title, version line, introduction, and what follows. */
export function LegalPage({
  title,
  version,
  intro,
  children,
}: {
  title: string;
  version: string | undefined;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {version && <p className="mt-2 text-sm text-slate-600">{version}</p>}
      <p className="mt-4 text-lg text-slate-700">{intro}</p>
      <div className="mt-10">{children}</div>
    </div>
  );
}
