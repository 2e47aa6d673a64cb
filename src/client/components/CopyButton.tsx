import { Button } from 'react-bootstrap';
import toast from 'react-hot-toast';

/** Copies the text; `onCopied` runs once it is on the clipboard. */
export function CopyButton({ text, label = 'Copy Text', onCopied }: { text: string; label?: string; onCopied?: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied to clipboard.');
      onCopied?.();
    } catch {
      toast.error('Could not copy: select the text and copy it by hand.');
    }
  };
  return (
    <Button variant="outline-primary" size="sm" onClick={() => void copy()}>
      {label}
    </Button>
  );
}
