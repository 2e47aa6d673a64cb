import type { SettingsFormSection } from '../settingsForm';
import { communitySection } from './community';
import { lineupImageSection } from './lineupImage';
import { helpfulLinksSection, newEventsSection, signupsSection } from './plain';
import { webhooksSection } from './webhooks';

/** Global Settings' sections, in the page's order (a new section: one entry here). */
export const SETTINGS_SECTIONS: readonly SettingsFormSection[] = [signupsSection, newEventsSection, communitySection, webhooksSection, helpfulLinksSection, lineupImageSection];
