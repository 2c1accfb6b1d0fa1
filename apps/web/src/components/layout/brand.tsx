import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { company } from '../../config/company';

export function Brand({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link
      to={paths.home}
      className={`flex items-center gap-2 text-lg font-bold tracking-tight ${inverse ? 'text-white' : 'text-slate-900'}`}
    >
      <span
        aria-hidden="true"
        className="flex size-9 items-center justify-center rounded-lg bg-blue-700 text-sm font-bold text-white"
      >
        OT
      </span>
      <span>{company.name}</span>
    </Link>
  );
}
