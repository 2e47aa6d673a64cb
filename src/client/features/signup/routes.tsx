import type { RouteObject } from 'react-router';
import type { ModuleHandle } from '@client/lib/pageHandles';
import { SignupSummaryPage } from './SignupSummaryPage';

// The DJ's entry point: the summary is loaded with the app (no second round trip before a DJ's
// link shows anything) and imports nothing from the staff features; the wizard, with the form
// library and the step schemas, is loaded when a DJ opens it, so /login does not carry it.
// `handle.module` names the lazy module (as the build's manifest does), so that a page the server
// renders asks for it at once (entry-server.tsx).
export const signupRoutes: RouteObject[] = [
  { index: true, Component: SignupSummaryPage },
  {
    path: 'wizard',
    handle: { module: 'features/signup/SignupWizardPage.tsx' } satisfies ModuleHandle,
    lazy: async () => ({ Component: (await import('./SignupWizardPage')).SignupWizardPage }),
  },
];
