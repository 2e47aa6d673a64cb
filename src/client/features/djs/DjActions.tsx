import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { pluralise } from '@shared/pluralise';
import { paths } from '@shared/paths';
import type { Dj, RosterDj } from '@shared/schemas/djs';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { DjTypeahead } from '@client/shared/DjTypeahead';
import { useArchiveDj, useMergeDj } from '@client/shared/djs';

const nameOf = (dj: Pick<Dj, 'djName' | 'publicName'>) => dj.djName || dj.publicName;

/** Dj Details' Archive / Restore and 'Merge into…', each behind a confirm dialog (issue 13). */
export function DjActions({ dj, archived, playCount }: { dj: Dj; archived: boolean; playCount: number }) {
  const [asking, setAsking] = useState<'archive' | 'restore' | 'merge' | null>(null);
  const [keep, setKeep] = useState<RosterDj | null>(null);
  const archive = useArchiveDj(dj.id);
  const merge = useMergeDj(dj.id);
  const navigate = useNavigate();
  const name = nameOf(dj);
  const close = () => setAsking(null);

  const setArchived = (next: boolean) =>
    archive.mutate(next, {
      onSuccess: () => toast.success(next ? `${name} was archived.` : `${name} was restored.`),
      onError: (error) => toast.error(`Error: ${error.message}`),
      onSettled: close,
    });

  const mergeInto = (kept: RosterDj) =>
    merge.mutate(kept.id, {
      onSuccess: (result) => {
        toast.success(`${name} was merged into ${nameOf(result.dj)}.`);
        navigate(paths.dj(result.dj.id), { replace: true });
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setKeep(null),
    });

  return (
    <div className="d-flex flex-wrap gap-2">
      {archived ? (
        <Button variant="outline-primary" onClick={() => setAsking('restore')}>
          Restore
        </Button>
      ) : (
        <Button variant="outline-secondary" onClick={() => setAsking('archive')}>
          Archive
        </Button>
      )}
      <Button variant="outline-secondary" onClick={() => setAsking('merge')}>
        Merge into…
      </Button>

      <ConfirmDialog
        show={asking === 'archive'}
        title={`Archive ${name}?`}
        confirmLabel="Archive"
        busy={archive.isPending}
        onConfirm={() => setArchived(true)}
        onCancel={close}
      >
        {name} will be hidden from the Dj Roster (unless Show archived is on) and from the lineup's Add Dj search. Their plays and
        signups are kept, and you can restore them at any time.
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'restore'}
        title={`Restore ${name}?`}
        confirmLabel="Restore"
        confirmVariant="primary"
        busy={archive.isPending}
        onConfirm={() => setArchived(false)}
        onCancel={close}
      >
        {name} will be back in the Dj Roster and the lineup's Add Dj search.
      </ConfirmDialog>

      <PickRecordToKeep
        show={asking === 'merge'}
        dj={dj}
        onCancel={close}
        onPick={(picked) => {
          close();
          setKeep(picked);
        }}
      />
      <ConfirmDialog
        show={keep !== null}
        title={keep ? `Merge ${name} into ${nameOf(keep)}?` : ''}
        confirmLabel="Merge"
        busy={merge.isPending}
        onConfirm={() => keep && mergeInto(keep)}
        onCancel={() => setKeep(null)}
      >
        {keep && <MergeExplained merged={dj} kept={keep} playCount={playCount} />}
      </ConfirmDialog>
    </div>
  );
}

function PickRecordToKeep({ show, dj, onCancel, onPick }: { show: boolean; dj: Dj; onCancel: () => void; onPick: (kept: RosterDj) => void }) {
  const name = nameOf(dj);
  return (
    <Modal show={show} onHide={onCancel} aria-labelledby="merge-dj-title">
      <Modal.Header closeButton>
        <Modal.Title id="merge-dj-title" as="h2" className="h5">
          Merge {name} into…
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>Two records of one person? Pick the record to keep: {name}'s plays and signups move to it, then {name} is deleted.</p>
        <label htmlFor="merge-dj-search" className="form-label">
          Record to keep
        </label>
        {/* Archived records too: the record to keep may be an old one. */}
        <DjTypeahead id="merge-dj-search" archived="include" exceptId={dj.id} onPick={onPick} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function MergeExplained({ merged, kept, playCount }: { merged: Dj; kept: RosterDj; playCount: number }) {
  const from = nameOf(merged);
  const to = nameOf(kept);
  const twoIds = merged.discordId !== null && kept.discordId !== null;
  return (
    <>
      <ul className="ps-3">
        <li>
          {to} is kept, with its name and details. What it lacks (Discord ID, stream URL, Twitch username, picture) comes from {from}, and
          their notes are combined.
        </li>
        <li>
          {from}'s {pluralise(playCount, 'play')}, signups with their answers, lineup slots and sign-ins move to {to}.
        </li>
        <li>{from} is then deleted. This cannot be undone.</li>
      </ul>
      {twoIds && (
        <Alert variant="warning">
          Both have a Discord ID: {to} keeps {kept.discordId}, and {merged.discordId} is dropped. Keep the record whose Discord ID the DJ signs in
          with.
        </Alert>
      )}
      <p className="mb-0 small text-body-secondary">
        If both are on the signups of the same event, nothing is merged: you are told which event to sort out first.
      </p>
    </>
  );
}
