import { Col, Row } from 'react-bootstrap';
import type { Settings } from '@shared/schemas/settings';
import { SelectField, TextField } from '@client/components/form/fields';
import { plainSection } from '../settingsForm';

// The sections whose settings are edited as they are stored.

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export const signupsSection = plainSection('Signups', ['signupUrl'], () => (
  <TextField<Settings> name="signupUrl" label="Signup URL" type="url" help="The signup sheet linked from the home page." />
));

export const newEventsSection = plainSection('New events', ['seriesName', 'defaultMessage', 'defaultFooter', 'defaultWeekday', 'defaultTime', 'defaultZone'], () => (
  <>
    <TextField<Settings> name="seriesName" label="Series name" help="The default name of a new event." />
    <TextField<Settings> name="defaultMessage" label="Default message" as="textarea" rows={4} help="The announcement message a new event starts with." />
    <TextField<Settings> name="defaultFooter" label="Default footer" as="textarea" rows={3} help="Links added under every announcement of a new event." />
    <Row>
      <Col sm={4}>
        <SelectField<Settings> name="defaultWeekday" label="Default weekday" numeric options={WEEKDAYS.map((day, index) => ({ value: index + 1, label: day }))} />
      </Col>
      <Col sm={3}>
        <TextField<Settings> name="defaultTime" label="Default time" type="time" help="Wall-clock start." />
      </Col>
      <Col sm={5}>
        <TextField<Settings>
          name="defaultZone"
          label="Time zone"
          list="settings-zones"
          autoComplete="off"
          help="The zone of the default time, shown beside each time on staff pages where it differs from yours."
        />
        <datalist id="settings-zones">
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </Col>
    </Row>
  </>
));

export const helpfulLinksSection = plainSection('Helpful Links', ['hostingGuideUrl', 'sharedDriveUrl', 'chatServerUrl'], () => (
  <>
    <TextField<Settings> name="hostingGuideUrl" label="Hosting guide URL" type="url" help="Shown on the home page. Leave empty to hide." />
    <TextField<Settings> name="sharedDriveUrl" label="Shared drive URL" type="url" help="The folder with performer stream links and the fallback tracking sheet." />
    <TextField<Settings> name="chatServerUrl" label="Chat server URL" type="url" help="An invite link to the community Discord server." />
  </>
));
