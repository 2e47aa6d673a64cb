import { useMemo, useState } from 'react';
import { lineupChangeMessages, lineupChanges } from '@shared/dj-posts';
import { paths, signupLink } from '@shared/paths';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import { DjNoticeChoice, useDjNoticeDefaults } from './DjNoticeChoice';
import { useStoredEvent } from './draft';

/** What the save would change in DJs' slots, and whether no day can be read yet (a date being typed). */
function slotChanges(stored: LineupEvent, draft: LineupEvent, djs: Record<string, Dj>) {
  try {
    return lineupChanges(stored, draft, djs);
  } catch {
    return { told: [], untold: [] };
  }
}

/**
 * The DJs whose slot saving `draft` makes new or moves (issue 35), the post that would tell them
 * and staff's choice to send it, which goes with the save (the Save bar's, the live board's swap).
 */
export function useLineupNotice(active: boolean, draft: LineupEvent) {
  const { stored, djs } = useStoredEvent();
  const changes = useMemo(() => (active ? slotChanges(stored, draft, djs) : { told: [], untold: [] }), [active, stored, draft, djs]);
  const defaults = useDjNoticeDefaults(stored.id, stored.published, changes.told.length > 0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const tell = changes.told.length > 0 && defaults.webhookSet && (choice ?? defaults.proposed);
  const name = (djId: string) => djs[djId]?.djName || djs[djId]?.publicName || djId;
  const messages = useMemo(
    () => (changes.told.length ? lineupChangeMessages(draft, changes.told, { signup: signupLink(window.location.origin, draft.id), home: `${window.location.origin}${paths.home()}` }) : []),
    [changes.told, draft],
  );
  return {
    tell,
    choice:
      active && defaults.ready ? (
        <DjNoticeChoice
          what="of their new or moved slot"
          told={changes.told.map((change) => name(change.slot.djId))}
          untold={changes.untold}
          messages={messages}
          webhookSet={defaults.webhookSet}
          checked={tell}
          onChange={setChoice}
        />
      ) : null,
  };
}
