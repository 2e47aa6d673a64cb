import { useState } from 'react';

/**
 * A view choice this browser remembers (a host who likes compact rows keeps them): yes/no, or one
 * of `choices`. A stored value that is neither reads as `initial`.
 */
export function useRemembered<T extends boolean | string>(key: string, initial: T, choices?: readonly T[]): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      if (stored === null) return initial;
      if (typeof initial === 'boolean') return (stored === 'true') as T;
      return choices?.find((choice) => choice === stored) ?? initial;
    } catch {
      return initial;
    }
  });
  const remember = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, String(next));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [value, remember];
}
