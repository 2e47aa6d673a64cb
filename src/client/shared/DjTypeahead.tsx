import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Typeahead } from 'react-bootstrap-typeahead';
import type { RosterDj } from '@shared/schemas/djs';
import { useDjSearch } from './djs';

/** Entries as the spec shows them, 'name (public name)'; archived DJs say so. */
const rosterLabel = (option: unknown) => {
  const dj = option as RosterDj;
  return `${dj.djName} (${dj.publicName})${dj.archived ? ' · archived' : ''}`;
};

// The server has searched Dj Name, public name and Discord ID already: show what it found.
const keepAll = () => true;

/**
 * The DJ search of 'Add Dj' and 'Merge into…' (spec §9: 100 results a page, 'Display additional
 * results...', a 300 px menu). The menu opens on typing; the server searches every DJ (archived
 * ones with `archived="include"`) and answers the first 100 matches. `exceptId` is left out.
 */
export function DjTypeahead({
  id,
  archived,
  exceptId,
  onPick,
  onTyped,
}: {
  id: string;
  archived: 'hide' | 'include';
  exceptId?: string;
  onPick: (dj: RosterDj) => void;
  /** What was typed so far (Onboard New Dj starts from it). */
  onTyped?: (typed: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const found = useDjSearch(typed, archived);
  const options = (found.data?.djs ?? []).filter((dj) => dj.id !== exceptId);
  const searching = typed.trim() !== '' && (found.isFetching || found.isPlaceholderData || found.data === undefined);
  return (
    <>
      <Typeahead
        id={id}
        inputProps={{ id }}
        placeholder="Search DJ"
        options={options}
        labelKey={rosterLabel}
        filterBy={keepAll}
        onInputChange={(text) => {
          setTyped(text);
          onTyped?.(text);
        }}
        emptyLabel={searching ? 'Loading DJs…' : 'No matches found.'}
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
      {found.isError && (
        <Alert variant="danger" className="mt-2">
          The roster could not be searched: {found.error.message}
        </Alert>
      )}
    </>
  );
}
