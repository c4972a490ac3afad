import type { DeferredStart } from '../components/ui/deferred';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { BrowseButton } from './header-triggers';
import type { NavEntry } from './nav-entries';
import { NavMenuItems } from './nav-menu-items';

/** The desktop Browse menu (Radix), loaded on first use by the header. */
export function BrowseMenu({
  entries,
  browsing,
  start,
}: {
  entries: NavEntry[];
  browsing: boolean;
  start: DeferredStart;
}) {
  return (
    <DropdownMenu defaultOpen={start.open}>
      <DropdownMenuTrigger asChild>
        <BrowseButton browsing={browsing} autoFocus={start.focus && !start.open} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <NavMenuItems entries={entries} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
