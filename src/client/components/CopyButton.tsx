import { Button } from 'react-bootstrap';
import toast from 'react-hot-toast';

export function CopyButton({ text, label = 'Copy Text' }: { text: string; label?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied to clipboard.');
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
