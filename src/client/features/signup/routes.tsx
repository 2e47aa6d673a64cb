import type { RouteObject } from 'react-router';
import { SignupSummaryPage } from './SignupSummaryPage';
import { SignupWizardPage } from './SignupWizardPage';

// The DJ's entry point: loaded with the app (no `lazy`) and kept light, so it imports nothing
// from the staff features.
export const signupRoutes: RouteObject[] = [
  { index: true, Component: SignupSummaryPage },
  { path: 'wizard', Component: SignupWizardPage },
];
