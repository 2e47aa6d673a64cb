import { Toaster } from 'react-hot-toast';

// The spec's toast timings (§9): error/blank 4 s, success 2 s, loading until dismissed; react-hot-toast keeps at most 20.

export function Toasts() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        // In the tokens' colours, light and dark (styles/tokens.css).
        className: 'lu-toast',
        blank: { duration: 4000 },
        error: { duration: 4000 },
        success: { duration: 2000 },
        loading: { duration: Infinity },
      }}
    />
  );
}
