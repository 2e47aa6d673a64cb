import { useQueryClient } from '@tanstack/react-query';
import { type Context, createContext, type ReactNode, useCallback, useContext, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import type { EventDetail } from '@shared/schemas/events';
import { ApiError } from '@client/lib/api';
import { deleteEvent, eventListsKeys, eventQuery, publishEvent, saveEvent, setEventCancelled, unpublishEvent } from '../events';
import { afterSave, afterStateChange, type DraftState, isDirty, reconcile, startDraft, toSaveBody } from './draftState';
import { DraftProblemsContext } from './DraftFields';
import { type DraftProblems, draftProblems, sameProblems } from './draftProblems';
import { useEventChanges } from './useEventChanges';

// The event page's draft, shared by every tab (Setup, Lineup, Stream Details, Messaging …).
// Tabs read `draft` and change it with `setDraft`; the page's Save / Discard bar persists or drops
// it. The stored event follows the server live; see draftState.ts for how the two are merged.
// It is given in four contexts by how often each part changes, so a component renders only when
// what it reads changes: a signup card reads the stored event and `setDraft`, and a drop in the
// lineup (a draft change) leaves the 60 cards of a busy week alone.

/** The stored event (last loaded or saved), with its DJs and their plays. Changes with a load, a save or a remembered DJ. */
export interface StoredEvent {
  stored: EventDetail;
  /** The stored event's DJs plus any a tab added to the draft (see rememberDj). */
  djs: Record<string, Dj>;
}

/** Draft edits: these functions never change. */
export interface DraftEdits {
  setDraft: (update: (draft: LineupEvent) => LineupEvent) => void;
  /** Tabs that add a DJ the stored event does not name (e.g. 'Add Dj') register it here. */
  rememberDj: (dj: Dj) => void;
}

/** Saving and the event's state. Changes when the draft turns dirty or clean, or a save starts or ends; not with each edit. */
export interface DraftStatus {
  isDirty: boolean;
  saving: boolean;
  /**
   * `notifyDjs`: the DJs whose slot the save makes new or moves are told in Discord (staff saw the post).
   * `draft`: this draft becomes the draft and is saved at once (the live board's Swap in standby, on a clean draft).
   */
  save: (options?: { notifyDjs?: boolean; draft?: LineupEvent }) => Promise<void>;
  discard: () => void;
  /**
   * Publish Event; `anyway` with required preflight steps open. Answers 'Requirements not met: …'
   * when the server refused for open steps (the caller offers Publish anyway), else null.
   */
  publish: (anyway?: boolean) => Promise<string | null>;
  unpublish: () => Promise<void>;
  /** Cancel (true) or restore (false) the event; unsaved edits are kept. `notifyDjs`: the lineup's DJs are told of the cancellation in Discord. */
  setCancelled: (cancelled: boolean, options?: { notifyDjs?: boolean }) => Promise<void>;
  /** Deletes the event (only one with nothing to lose; refused while there are unsaved edits). True when it is gone. */
  remove: () => Promise<boolean>;
  /** Set when a save was refused because someone else saved first; `reload` clears it. */
  conflict: string | null;
  reload: () => Promise<void>;
}

export interface EventDraft extends StoredEvent, DraftEdits, DraftStatus {
  draft: LineupEvent;
}

const DraftContext = createContext<LineupEvent | null>(null);
const StoredEventContext = createContext<StoredEvent | null>(null);
const DraftEditsContext = createContext<DraftEdits | null>(null);
const DraftStatusContext = createContext<DraftStatus | null>(null);

function useDraftContext<T>(context: Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('The event draft is only available inside an EventDraftProvider (the event page).');
  return value;
}

/** The draft: renders the caller on every edit. */
export const useDraft = () => useDraftContext(DraftContext);
export const useStoredEvent = () => useDraftContext(StoredEventContext);
export const useDraftEdits = () => useDraftContext(DraftEditsContext);
export const useDraftStatus = () => useDraftContext(DraftStatusContext);

/** All of it, for a tab that reads most of it: renders the caller on every edit. */
export function useEventDraft(): EventDraft {
  return { ...useStoredEvent(), ...useDraftEdits(), ...useDraftStatus(), draft: useDraft() };
}

const OUTSIDE_CHANGES = 'Changes were made outside of this window.';

export function EventDraftProvider({ stored, children }: { stored: EventDetail; children: ReactNode }) {
  const queryClient = useQueryClient();
  const eventId = stored.id;
  const [state, setState] = useState<DraftState>(() => startDraft(stored));
  const [extraDjs, setExtraDjs] = useState<Record<string, Dj>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const busy = useRef(false);
  const missedChange = useRef(false);

  // A newer stored event (live update, refetch, save) is taken in during render, so no frame
  // ever shows a draft that has not seen it.
  if (state.stored !== stored) setState(reconcile(state, stored));

  useEffect(() => {
    if (state.outsideChanges > 0) toast(OUTSIDE_CHANGES, { id: `outside-changes-${eventId}-${state.outsideChanges}` });
  }, [state.outsideChanges, eventId]);

  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: eventQuery(eventId).queryKey, exact: true }), [queryClient, eventId]);

  // While our own save or publish is in flight its notification would look like someone
  // else's change: hold it until the response is in.
  useEventChanges(eventId, () => {
    if (busy.current) missedChange.current = true;
    else void refetch();
  });

  const runExclusive = useCallback(
    async (work: () => Promise<void>) => {
      busy.current = true;
      setSaving(true);
      try {
        await work();
      } finally {
        busy.current = false;
        setSaving(false);
        if (missedChange.current) {
          missedChange.current = false;
          void refetch();
        }
      }
    },
    [refetch],
  );

  const adopt = useCallback(
    (saved: EventDetail) => {
      queryClient.setQueryData(eventQuery(eventId).queryKey, saved);
      for (const queryKey of eventListsKeys) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, eventId],
  );

  // Save reads the latest state through a ref, so it stays the same function across edits and
  // the status context does not change with each one.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const save = useCallback(
    ({ notifyDjs = false, draft }: { notifyDjs?: boolean; draft?: LineupEvent } = {}) =>
      runExclusive(async () => {
        if (draft) {
          latest.current = { ...latest.current, draft };
          setState((current) => ({ ...current, draft }));
        }
        const sent = latest.current.draft;
        try {
          const saved = await saveEvent(eventId, { ...toSaveBody(latest.current), ...(notifyDjs && { notifyDjs }) });
          adopt(saved);
          setState((current) => afterSave(current, saved, sent));
          setConflict(null);
          toast.success('Event saved.');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (error instanceof ApiError && error.code === 'stale_version') setConflict(message);
          toast.error(`Error saving event: ${message}`);
        }
      }),
    [runExclusive, eventId, adopt],
  );

  const dirty = isDirty(state);

  const changePublication = useCallback(
    async (published: boolean, anyway = false): Promise<string | null> => {
      if (dirty) {
        toast.error(published ? 'Please save changes before publishing this event.' : 'Please save changes before unpublishing this event.');
        return null;
      }
      let requirements: string | null = null;
      await runExclusive(async () => {
        try {
          const version = state.stored.version;
          const changed = published ? await publishEvent(eventId, { baseVersion: version, anyway }) : await unpublishEvent(eventId, version);
          adopt(changed);
          setState((current) => startDraft(changed, current.outsideChanges));
          toast.success(published ? 'Event published.' : 'Event unpublished.');
        } catch (error) {
          if (error instanceof ApiError && error.code === 'requirements_not_met') requirements = error.message;
          else toast.error(error instanceof Error ? error.message : String(error));
        }
      });
      return requirements;
    },
    [runExclusive, dirty, eventId, state.stored.version, adopt],
  );
  const publish = useCallback((anyway?: boolean) => changePublication(true, anyway), [changePublication]);
  const unpublish = useCallback(async () => void (await changePublication(false)), [changePublication]);

  /** A refusal: a stale version shows the conflict alert (reload), like a save's. */
  const refused = useCallback((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError && error.code === 'stale_version') setConflict(message);
    toast.error(message);
  }, []);

  const setCancelled = useCallback(
    (cancelled: boolean, { notifyDjs = false }: { notifyDjs?: boolean } = {}) =>
      runExclusive(async () => {
        try {
          const changed = await setEventCancelled(eventId, cancelled, state.baseVersion, notifyDjs);
          adopt(changed);
          setState((current) => afterStateChange(current, changed));
          toast.success(cancelled ? 'Event cancelled.' : 'Event restored.');
        } catch (error) {
          refused(error);
        }
      }),
    [runExclusive, eventId, state.baseVersion, adopt, refused],
  );

  const remove = useCallback(async () => {
    if (dirty) {
      toast.error('Please save or discard your changes before deleting this event.');
      return false;
    }
    let deleted = false;
    await runExclusive(async () => {
      try {
        await deleteEvent(eventId, state.baseVersion);
        deleted = true;
        queryClient.removeQueries({ queryKey: eventQuery(eventId).queryKey, exact: true });
        for (const queryKey of eventListsKeys) void queryClient.invalidateQueries({ queryKey });
      } catch (error) {
        refused(error);
      }
    });
    return deleted;
  }, [dirty, runExclusive, eventId, state.baseVersion, queryClient, refused]);

  const discard = useCallback(() => setState((current) => startDraft(current.stored, current.outsideChanges)), []);

  const reload = useCallback(async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...eventQuery(eventId), staleTime: 0 });
      setState((current) => startDraft(fresh, current.outsideChanges));
      setConflict(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }, [queryClient, eventId]);

  const setDraft = useCallback(
    // An update that returns the draft itself changes nothing and renders nothing.
    (update: (draft: LineupEvent) => LineupEvent) =>
      setState((current) => {
        const draft = update(current.draft);
        return draft === current.draft ? current : { ...current, draft };
      }),
    [],
  );
  const rememberDj = useCallback((dj: Dj) => setExtraDjs((djs) => ({ ...djs, [dj.id]: dj })), []);
  const djs = useMemo(() => ({ ...extraDjs, ...state.stored.djs }), [extraDjs, state.stored.djs]);

  // The draft is checked with the save's schema as it is edited, a beat behind the typing; the
  // problems keep their identity while they say the same, so fields render only when they change.
  const checked = useDeferredValue(state);
  const found = useMemo(() => draftProblems(toSaveBody(checked), checked.draft), [checked]);
  const [problems, setProblems] = useState<DraftProblems>(found);
  if (!sameProblems(found, problems)) setProblems(found);

  const storedEvent = useMemo<StoredEvent>(() => ({ stored: state.stored, djs }), [state.stored, djs]);
  const edits = useMemo<DraftEdits>(() => ({ setDraft, rememberDj }), [setDraft, rememberDj]);
  const status = useMemo<DraftStatus>(
    () => ({ isDirty: dirty, saving, save, discard, publish, unpublish, setCancelled, remove, conflict, reload }),
    [dirty, saving, save, discard, publish, unpublish, setCancelled, remove, conflict, reload],
  );
  return (
    <StoredEventContext.Provider value={storedEvent}>
      <DraftEditsContext.Provider value={edits}>
        <DraftStatusContext.Provider value={status}>
          <DraftProblemsContext.Provider value={problems}>
            <DraftContext.Provider value={state.draft}>{children}</DraftContext.Provider>
          </DraftProblemsContext.Provider>
        </DraftStatusContext.Provider>
      </DraftEditsContext.Provider>
    </StoredEventContext.Provider>
  );
}
