import { useParams } from 'react-router';
import { LoadError } from '@client/components/LoadError';
import { VinylLoader } from '@client/components/VinylLoader';
import { ApiError } from '@client/lib/api';
import { browserZone } from '@client/lib/zone';
import { usePublicLineup } from '@client/shared/public';
import { LineupNotFound, PublicLineupView } from './PublicLineupView';

/** /lineups/{eventId} when the app shows it (the server renders a full load of it itself). */
export function PublicLineupPage() {
  const eventId = useParams().eventId ?? '';
  const query = usePublicLineup(eventId);
  if (query.isPending) return <VinylLoader label="Loading the lineup…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <LineupNotFound />;
    return <LoadError title="Could not load this lineup." error={query.error} onRetry={query.refetch} />;
  }
  return <PublicLineupView lineup={query.data} visitorZone={browserZone()} />;
}
