import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import toast from 'react-hot-toast';
import type { Dj } from '@shared/schemas/djs';
import type { RosterDj } from '@shared/schemas/djs';
import { DjForm } from '@client/components/DjForm';
import { DjTypeahead } from '@client/components/DjTypeahead';
import { useCreateDj } from '@client/shared/djs';

const toDj = ({ totalPlays: _t, mostRecentPlay: _m, archived: _a, ...dj }: RosterDj): Dj => ({ ...dj, notes: '' });

/**
 * 'Add Dj': pick a roster DJ with the typeahead, or 'Onboard New Dj' to create one. Used for
 * 'Add DJ to Signups' and for 'Add DJ to Slot (B2B)'; `title` tells which.
 */
export function AddDjModal({ show, title, onHide, onPick }: { show: boolean; title: string; onHide: () => void; onPick: (dj: Dj) => void }) {
  const [onboarding, setOnboarding] = useState(false);
  const close = () => {
    setOnboarding(false);
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
        <Onboard onBack={() => setOnboarding(false)} onClose={close} onCreated={pick} />
      ) : (
        <>
          <Modal.Body>
            <SearchDj onPick={pick} />
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

function SearchDj({ onPick }: { onPick: (dj: Dj) => void }) {
  // Active DJs only: archived ones are left out of the search (restore them on their page).
  return (
    <>
      <label htmlFor="add-dj-search" className="form-label">
        DJ
      </label>
      {/* The menu opens on typing and takes its room in the dialog (lineup.css), so it never covers 'Onboard New Dj'. */}
      <div className="add-dj-search">
        <DjTypeahead id="add-dj-search" archived="hide" onPick={(dj) => onPick(toDj(dj))} />
      </div>
    </>
  );
}

function Onboard({ onBack, onClose, onCreated }: { onBack: () => void; onClose: () => void; onCreated: (dj: Dj) => void }) {
  const create = useCreateDj();
  return (
    <>
      <Modal.Body>
        <DjForm
          id="onboard-dj"
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
