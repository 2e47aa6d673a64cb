import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { Typeahead } from 'react-bootstrap-typeahead';
import type { RosterDj } from '@shared/schemas/djs';

/** Entries as the spec shows them, 'name (public name)'; archived DJs say so. */
const rosterLabel = (option: unknown) => {
  const dj = option as RosterDj;
  return `${dj.djName} (${dj.publicName})${dj.archived ? ' · archived' : ''}`;
};

/**
 * The DJ search of 'Add Dj' and 'Merge into…' (spec §9: 100 results a page, 'Display additional
 * results...', a 300 px menu). The menu opens on typing.
 */
export function DjTypeahead({
  id,
  djs,
  loading,
  onPick,
}: {
  id: string;
  djs: RosterDj[];
  loading: boolean;
  onPick: (dj: RosterDj) => void;
}) {
  return (
    <Typeahead
      id={id}
      inputProps={{ id }}
      placeholder="Search DJ"
      options={djs}
      labelKey={rosterLabel}
      emptyLabel={loading ? 'Loading djs…' : 'No matches found.'}
      maxResults={100}
      paginate
      paginationText="Display additional results..."
      maxHeight="300px"
      minLength={1}
      autoFocus
      onChange={(selected) => {
        const dj = selected[0] as RosterDj | undefined;
        if (dj) onPick(dj);
      }}
    />
  );
}
