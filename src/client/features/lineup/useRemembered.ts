import { useState } from 'react';

/** A yes/no view choice this browser remembers (a host who likes compact rows keeps them). */
export function useRemembered(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : stored === 'true';
    } catch {
      return initial;
    }
  });
  const remember = (next: boolean) => {
    setValue(next);
    try {
      localStorage.setItem(key, String(next));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [value, remember];
}
