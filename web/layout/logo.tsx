import { Link } from 'react-router';
import { paths } from '../paths';

export function Logo() {
  return (
    <Link
      to={paths.home()}
      className="flex items-center gap-2 rounded-md text-lg font-bold text-zinc-900"
    >
      <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
      <span>Abode</span>
    </Link>
  );
}
