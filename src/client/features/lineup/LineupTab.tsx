import './lineup.css';
import { type SyntheticEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import toast from 'react-hot-toast';
import type { Dj } from '@shared/schemas/djs';
import { lineupConflicts, signupsNotInLineup } from '@shared/lineup';
import { byLongestSinceLastPlay } from '@shared/plays';
import { useDraft, useDraftEdits, useStoredEvent } from '@client/shared/draft';
import { staffZoneNames } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { ViewSwitch } from '@client/components/ViewSwitch';
import { addDjToSignup, addStaffSignup, djLabel, signupNaming } from './draftOps';
import { LazyAddDjModal, loadAddDj } from './LazyAddDjModal';
import { LineupColumn } from './LineupColumn';
import { LineupDnd, WaitingSignupsDrag } from './LineupDnd';
import { SignupCard } from './SignupCard';
import { StandbyList } from './StandbyList';
import { useLineupView } from './useLineupView';
import { useRemembered } from './useRemembered';

/** A card's menu holds 'Add DJ to Slot (B2B)': pointing at or tabbing to its toggle loads the dialog. */
const loadAddDjFromMenu = (event: SyntheticEvent) => {
  if (event.target instanceof Element && event.target.closest('.dropdown-toggle')) loadAddDj();
};

/** Who the 'Add Dj' modal adds a DJ for: a new signup, or a signup's B2B partner. */
type AddTarget = { kind: 'signups' } | { kind: 'b2b'; uuid: string; name: string } | null;

/** The column a phone shows (the two stack below 992 px): one at a time, the other one tap away. */
const PANES = ['signups', 'lineup'] as const;
type Pane = (typeof PANES)[number];

/**
 * Lineup: the Signups column and 'Lineup (Local Times)'. Every change is a draft change. On a wide
 * screen the lineup column stays in view while the signups scroll (lineup.css); on a phone a
 * switch shows one column or the other.
 */
export function LineupTab() {
  const draft = useDraft();
  const { setDraft, rememberDj } = useDraftEdits();
  const { djs, stored } = useStoredEvent();
  const [target, setTarget] = useState<AddTarget>(null);
  const [addDjAsked, setAddDjAsked] = useState(false);
  if (target && !addDjAsked) setAddDjAsked(true);
  const [order, setOrder] = useState<'signup' | 'lastPlay'>('signup');
  const [compact, setCompact] = useRemembered<boolean>('lineup-compact-rows', false);
  const [compactSignups, setCompactSignups] = useRemembered<boolean>('lineup-compact-signups', false);
  const [pane, setPane] = useRemembered<Pane>('lineup-pane', 'lineup', PANES);
  const notInLineup = signupsNotInLineup(draft.signups, draft.slots).filter((signup) => !signup.standby);
  const waiting = order === 'lastPlay' ? byLongestSinceLastPlay(notInLineup, stored.otherEventsByDj) : notInLineup;

  const djNames = useMemo(() => Object.fromEntries(Object.entries(djs).map(([id, dj]) => [id, djLabel(dj)])), [djs]);
  const view = useLineupView();
  const zones = useStaffZones();
  const conflicts = useMemo(() => lineupConflicts(view, djNames, zones), [view, djNames, zones]);
  // One function for every card, so the memoised cards an edit leaves alone do not render.
  const addB2b = useCallback((uuid: string, name: string) => setTarget({ kind: 'b2b', uuid, name }), []);

  const pick = (dj: Dj) => {
    if (!target) return;
    // A DJ has one signup per event: say where they already are rather than fail on Save.
    const existing = signupNaming(draft, dj.id);
    if (existing) {
      toast.error(`${djLabel(dj)} is already on the signup ${existing.name}.`);
      return;
    }
    rememberDj(dj);
    if (target.kind === 'signups') setDraft((d) => addStaffSignup(d, dj));
    else setDraft((d) => addDjToSignup(d, target.uuid, dj, djs));
    toast.success(target.kind === 'signups' ? `${djLabel(dj)} was added to the signups.` : `${djLabel(dj)} was added to ${target.name}.`);
  };

  const lineupColumn = useRef<HTMLDivElement>(null);
  const shown = (which: Pane) => (pane === which ? undefined : 'd-none d-lg-block');
  return (
    <LineupDnd view={view} lineupColumn={lineupColumn}>
      <div className="btn-group w-100 mb-3 d-lg-none lineup-pane-switch" role="group" aria-label="Column to show">
        {PANES.map((which) => (
          <button key={which} type="button" className={`btn btn-outline-primary${pane === which ? ' active' : ''}`} aria-pressed={pane === which} onClick={() => setPane(which)}>
            {which === 'signups' ? `Signups (${notInLineup.length})` : `Lineup (${view.length})`}
          </button>
        ))}
      </div>
      <Row className="g-4 align-items-start" onPointerOverCapture={loadAddDjFromMenu} onFocusCapture={loadAddDjFromMenu}>
        <Col lg={5} className={shown('signups')}>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h2 className="h4 mb-0 me-auto">Signups</h2>
            <Form.Select
              size="sm"
              className="w-auto"
              aria-label="Order of the signups"
              value={order}
              onChange={(event) => setOrder(event.target.value as typeof order)}
            >
              <option value="signup">Signup order</option>
              <option value="lastPlay">Longest since last play</option>
            </Form.Select>
            <Button onClick={() => setTarget({ kind: 'signups' })} onPointerEnter={loadAddDj} onFocus={loadAddDj}>
              Add DJ to Signups
            </Button>
            <ViewSwitch id="signups-compact" label="Compact signups" checked={compactSignups} onChange={setCompactSignups} />
          </div>
          {waiting.length === 0 && (
            <Alert variant="secondary">No signups waiting. DJs' signups appear here, or use Add DJ to Signups.</Alert>
          )}
          <WaitingSignupsDrag>
            {waiting.map((signup) => (
              <SignupCard key={signup.uuid} signup={signup} compact={compactSignups} onAddB2b={addB2b} />
            ))}
          </WaitingSignupsDrag>
        </Col>
        <Col ref={lineupColumn} lg={7} className={`lineup-column ${shown('lineup') ?? ''}`} data-testid="lineup-column">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <h2 className="h4 mb-0">Lineup (Local Times)</h2>
            <span className="text-body-secondary small me-auto" data-testid="lineup-zone">
              {staffZoneNames(zones, draft.startDatetime)}
            </span>
            <ViewSwitch id="lineup-compact" label="Compact rows" checked={compact} onChange={setCompact} />
          </div>
          <LineupColumn view={view} compact={compact} conflicts={conflicts} onAddB2b={addB2b} />
          <StandbyList />
        </Col>
        {/* In the page from the first time it opens, so it fades out as it closes. */}
        {addDjAsked && (
          <LazyAddDjModal
            show={target !== null}
            title={target?.kind === 'b2b' ? `Add DJ to ${target.name} (B2B)` : 'Add Dj'}
            onHide={() => setTarget(null)}
            onPick={pick}
            onLoadFailed={() => {
              setTarget(null);
              setAddDjAsked(false);
              toast.error('Add Dj could not load. Check the connection and try again, or reload the page once your changes are saved.');
            }}
          />
        )}
      </Row>
    </LineupDnd>
  );
}
