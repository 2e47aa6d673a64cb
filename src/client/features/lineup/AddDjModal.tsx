import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { type Dj, type DjInput, EMPTY_DJ_INPUT, type RosterDj } from '@shared/schemas/djs';
import { DjForm } from '@client/components/DjForm';
import { DjTypeahead } from '@client/shared/DjTypeahead';
import { useCreateDj } from '@client/shared/djs';

const toDj = ({ totalPlays: _t, mostRecentPlay: _m, archived: _a, ...dj }: RosterDj): Dj => ({ ...dj, notes: '' });

/**
 * 'Add Dj': pick a roster DJ with the typeahead, or 'Onboard New Dj' to create one. Used for
 * 'Add DJ to Signups' and for 'Add DJ to Slot (B2B)'; `title` tells which.
 */
export function AddDjModal({ show, title, onHide, onPick }: { show: boolean; title: string; onHide: () => void; onPick: (dj: Dj) => void }) {
  const [onboarding, setOnboarding] = useState(false);
  // What the host searched for: a DJ not on the roster is onboarded under that name (or Discord ID).
  const [searched, setSearched] = useState('');
  const close = () => {
    setOnboarding(false);
    setSearched('');
    onHide();
  };
  const pick = (dj: Dj) => {
    onPick(dj);
    close();
  };
  return (
    <Modal show={show} onHide={close} size="lg" aria-labelledby="add-dj-title">
      <Modal.Header closeButton>
        <Modal.Title id="add-dj-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {onboarding ? (
        <Onboard
          searched={searched}
          onBack={() => {
            setOnboarding(false);
            setSearched('');
          }}
          onClose={close}
          onCreated={pick}
        />
      ) : (
        <>
          <Modal.Body>
            <SearchDj onPick={pick} onTyped={setSearched} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-primary" onClick={() => setOnboarding(true)}>
              Onboard New Dj
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

function SearchDj({ onPick, onTyped }: { onPick: (dj: Dj) => void; onTyped: (typed: string) => void }) {
  // Active DJs only: archived ones are left out of the search (restore them on their page).
  return (
    <>
      <label htmlFor="add-dj-search" className="form-label">
        DJ
      </label>
      {/* The menu opens on typing and takes its room in the dialog (lineup.css), so it never covers 'Onboard New Dj'. */}
      <div className="add-dj-search">
        <DjTypeahead id="add-dj-search" archived="hide" onPick={(dj) => onPick(toDj(dj))} onTyped={onTyped} />
      </div>
    </>
  );
}

/** The new DJ's form, starting from what was searched: digits are a Discord ID, anything else their DJ name. */
const startingFrom = (searched: string): DjInput => {
  const typed = searched.trim();
  return /^\d+$/.test(typed) ? { ...EMPTY_DJ_INPUT, discordId: typed } : { ...EMPTY_DJ_INPUT, djName: typed };
};

function Onboard({ searched, onBack, onClose, onCreated }: { searched: string; onBack: () => void; onClose: () => void; onCreated: (dj: Dj) => void }) {
  const create = useCreateDj();
  return (
    <>
      <Modal.Body>
        <DjForm
          id="onboard-dj"
          initial={startingFrom(searched)}
          disabled={create.isPending}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (dj) => {
                toast.success(`${dj.djName} was added to the roster.`);
                onCreated(dj);
              },
              onError: (error) => toast.error(`An error occurred while creating the DJ.: ${error.message || 'Unknown error'}`),
            })
          }
        />
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        <Button variant="link" className="me-auto" onClick={onBack} disabled={create.isPending}>
          Select Existing Dj
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Close
        </Button>
        <Button type="submit" form="onboard-dj" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </Modal.Footer>
    </>
  );
}
