import { LoadError } from '@client/components/LoadError';
import { VinylLoader } from '@client/components/VinylLoader';
import { browserZone } from '@client/lib/zone';
import { usePublicLineups } from '@client/shared/public';
import { PublicLineupsView } from './PublicLineupsView';

/** /lineups when the app shows it (the server renders a full load of it itself). */
export function PublicLineupsPage() {
  const query = usePublicLineups();
  if (query.isPending) return <VinylLoader label="Loading lineups…" />;
  if (query.isError) return <LoadError title="Could not load the lineups." error={query.error} onRetry={query.refetch} />;
  return <PublicLineupsView list={query.data} visitorZone={browserZone()} />;
}
