import { Component, type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import type { AddDjModal } from './AddDjModal';

// 'Add Dj' brings the roster's typeahead and the new DJ's form, a fifth of the Lineup tab's script,
// which most opens of the tab never use: it loads when a host reaches for it (`loadAddDj`).
const importAddDj = () => import('./AddDjModal');
const lazyAddDj = () => lazy(async () => ({ default: (await importAddDj()).AddDjModal }));

/** Starts loading the dialog ahead of a click; a failure here is left to the click to report. */
export const loadAddDj = () => void importAddDj().catch(() => undefined);

/** A dialog whose script did not arrive: the tab stays, and the host is told (`onFailed`). */
class LoadFailed extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * AddDjModal loaded on demand. If its script cannot be fetched (the connection dropped, or the app
 * was updated since the page loaded), `onLoadFailed` is called, rather than the whole page giving
 * way to the error screen with the host's unsaved lineup. The owner then takes it out of the page:
 * put back, it tries again (React keeps a lazy component's failure, so each one is new).
 */
export function LazyAddDjModal({ onLoadFailed, ...props }: ComponentProps<typeof AddDjModal> & { onLoadFailed: () => void }) {
  const [Dialog] = useState(lazyAddDj);
  return (
    <LoadFailed onFailed={onLoadFailed}>
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    </LoadFailed>
  );
}
