// The client's renderer as the server-only typecheck (tsconfig.server.json, no DOM types) sees
// it: its contract, not its React code. The whole-project typecheck checks the real module
// (src/client/entry-server.tsx) against the same contract.
import type { PageRenderer } from '@shared/pages.js';

export declare const renderedPaths: PageRenderer['renderedPaths'];
export declare const pageLoads: PageRenderer['pageLoads'];
export declare const renderAppPage: PageRenderer['renderAppPage'];
export declare const renderPublicLineupPage: PageRenderer['renderPublicLineupPage'];
export declare const renderLineupNotFoundPage: PageRenderer['renderLineupNotFoundPage'];
export declare const renderPublicLineupsPage: PageRenderer['renderPublicLineupsPage'];
