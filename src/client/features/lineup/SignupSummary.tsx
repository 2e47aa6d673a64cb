import { SIGNUP_TYPE_LABELS } from '@shared/domain';
import { formatHours } from '@shared/lineup';
import type { Signup } from '@shared/schemas/lineup';
import { ANY_TIME, staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { useStoredEvent } from '@client/shared/draft';
import { djLabel } from './draftOps';

/** What the signup asks for, at a glance: its DJs, length, type, when they can play, and the DJ's notes. */
export function SignupSummary({ signup }: { signup: Signup }) {
  const { djs } = useStoredEvent();
  const zones = useStaffZones();
  const names = signup.djRefs.map((djId) => (djs[djId] ? djLabel(djs[djId]) : 'No Dj Found'));
  const answers = signup.formData;
  const from = answers && answers.available_from !== ANY_TIME ? `from ${staffTime(answers.available_from, zones, 'time')}` : '';
  const to = answers && answers.available_to !== ANY_TIME ? `until ${staffTime(answers.available_to, zones, 'time')}` : '';
  const parts = [
    names.length === 0 ? 'No DJs yet' : names.join(' b2b ') === signup.name ? '' : names.join(', '),
    formatHours(signup.requestedDuration),
    SIGNUP_TYPE_LABELS[signup.type],
    from || to ? `available ${[from, to].filter(Boolean).join(' ')}` : '',
  ];
  return (
    <div className="small text-body-secondary signup-summary">
      <div>{parts.filter(Boolean).join(' · ')}</div>
      {answers?.dj_notes && (
        <div className="signup-notes" title={answers.dj_notes}>
          “{answers.dj_notes}”
        </div>
      )}
    </div>
  );
}
