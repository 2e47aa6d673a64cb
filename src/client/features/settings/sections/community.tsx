import { settingsSchema } from '@shared/schemas/settings';
import { TextField } from '@client/components/form/fields';
import { roleIdsText, type SettingsFormSection } from '../settingsForm';

const schema = settingsSchema.pick({ schedulingChannelUrl: true, contactHostName: true }).extend({ announcementRoleIds: roleIdsText });

/** Community: whom the announcement pings, where DJs verify the lineup, whom people ask. */
export const communitySection: SettingsFormSection = {
  title: 'Community',
  schema: () => schema,
  values: ({ announcementRoleIds, schedulingChannelUrl, contactHostName }) => ({ announcementRoleIds: announcementRoleIds.join(', '), schedulingChannelUrl, contactHostName }),
  Fields: () => (
    <>
      <TextField
        name="announcementRoleIds"
        label="Announcement role IDs"
        inputMode="numeric"
        autoComplete="off"
        help="Discord role IDs mentioned at the top of the Discord announcement, separated by commas."
      />
      <TextField name="schedulingChannelUrl" label="Scheduling channel link" type="url" help="Where hosts verify the lineup with DJs before announcing." />
      <TextField name="contactHostName" label="Contact host name" help="Who people are told to contact when something goes wrong." />
    </>
  ),
};
