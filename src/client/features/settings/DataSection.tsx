import { hasAccess } from '@shared/policy';
import { useMe } from '@client/shared/session';
import { ArchiveImportCard } from './ArchiveImportCard';
import { ExportCard } from './ExportCard';
import { RosterImportCard } from './RosterImportCard';

/** Data in and out, below the settings: for admins only (the server refuses everyone else too). */
export function DataSection() {
  const me = useMe();
  if (!hasAccess(me.data?.roles, 'admin')) return null;
  return (
    <section aria-labelledby="data-heading" className="mt-5">
      <h2 id="data-heading" className="h4 mb-3">
        Your data
      </h2>
      <ExportCard />
      <RosterImportCard />
      <ArchiveImportCard />
    </section>
  );
}
