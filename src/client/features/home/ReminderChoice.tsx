import { useId } from 'react';
import { Card, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { hoursOnOneLine as length } from '@shared/hours';
import type { ReminderSettings } from '@shared/schemas/dj-posts';
import { useMyReminders, useSaveMyReminders } from '@client/shared/djPosts';

/** When the hosts' reminders come ('1 h before your slot, and …'); null when they turned both off. */
function whenReminded({ slotReminder, slotReminderMinutes, confirmReminder, confirmReminderHours }: ReminderSettings): string | null {
  const parts = [
    slotReminder ? `${length(slotReminderMinutes / 60)} before your slot` : null,
    confirmReminder ? `${length(confirmReminderHours)} before the event if you have not confirmed your slot yet` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', and ') : null;
}

/** A DJ's Home: their reminders in Discord, on or off (issue 35); saved as they flip it. */
export function ReminderChoice() {
  const mine = useMyReminders();
  const save = useSaveMyReminders();
  const id = useId();
  if (mine.isError) return null;
  const when = mine.data && whenReminded(mine.data.settings);
  const on = save.isPending ? save.variables : mine.data?.remindersOn;
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="mt-3">
      <Card.Header as="h2" className="h6 mb-0" id={`${id}-title`}>
        Reminders in Discord
      </Card.Header>
      <Card.Body>
        {!mine.data ? (
          <Spinner size="sm" animation="border" role="status" aria-label="Loading your reminders" />
        ) : when === null ? (
          <p className="mb-0 text-body-secondary">The hosts send no reminders at the moment.</p>
        ) : (
          <>
            <div className="form-check form-switch">
              <input
                id={id}
                type="checkbox"
                role="switch"
                className="form-check-input"
                checked={on}
                disabled={save.isPending}
                aria-describedby={`${id}-when`}
                onChange={(event) =>
                  save.mutate(event.target.checked, {
                    onSuccess: ({ remindersOn }) => toast.success(remindersOn ? 'Reminders are on.' : 'Reminders are off.'),
                    onError: (error) => toast.error(`Could not change your reminders: ${error.message}`),
                  })
                }
              />
              <label className="form-check-label" htmlFor={id}>
                Remind me before my slots
              </label>
            </div>
            <p id={`${id}-when`} className="small text-body-secondary mb-0 mt-1">
              {on ? `Lineup mentions you in the scheduling channel ${when}.` : `Off: Lineup does not remind you. Turned on, it mentions you in the scheduling channel ${when}.`}
            </p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
