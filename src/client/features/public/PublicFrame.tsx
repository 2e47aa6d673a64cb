import type { ReactNode } from 'react';
import { feeds, paths } from '@shared/paths';
import { VinylRecord } from '@client/components/VinylLoader';
import { useAppName } from '@client/lib/appName';

/**
 * The frame of the public pages: light, no sign-in, nothing that needs a session. Plain links:
 * each public page is a document of its own, rendered by the server.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const appName = useAppName();
  return (
    <div className="public-site">
      <header className="public-header">
        <div className="public-wide">
          <a href={paths.publicLineups()} className="public-brand">
            <VinylRecord size={28} />
            <span>{appName}</span>
          </a>
        </div>
      </header>
      <main className="public-column public-main">{children}</main>
      <footer className="public-footer">
        <div className="public-column">
          <a href={feeds.events()}>Add every event to your calendar (iCal)</a>
        </div>
      </footer>
    </div>
  );
}
