import { type ReactNode, useCallback, useState } from 'react';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ApiError } from '@client/lib/api';

interface Question {
  open: boolean;
  name: string;
  answer: (yes: boolean) => void;
}

/**
 * Creating an event on a day that already has one asks first. `createAskingSameDay(create)`
 * calls `create(false)`; when the server answers 'same_day_event' it shows the question and,
 * on yes, calls `create(true)`. Null when the person chose not to; other errors are thrown.
 */
export function useSameDayConfirm(): {
  createAskingSameDay: <T>(create: (confirmSameDay: boolean) => Promise<T>) => Promise<T | null>;
  sameDayDialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);

  const createAskingSameDay = useCallback(async <T,>(create: (confirmSameDay: boolean) => Promise<T>): Promise<T | null> => {
    try {
      return await create(false);
    } catch (error) {
      const other = error instanceof ApiError && error.code === 'same_day_event' ? error.body?.sameDayEvent : undefined;
      if (!other) throw error;
      const yes = await new Promise<boolean>((answer) => setQuestion({ open: true, name: other.name, answer }));
      // Keeps the name while the dialog fades out.
      setQuestion((current) => current && { ...current, open: false });
      return yes ? create(true) : null;
    }
  }, []);

  const sameDayDialog = (
    <ConfirmDialog
      show={question?.open ?? false}
      title="Another event that day?"
      confirmLabel="Create another"
      onConfirm={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    >
      There is already an event on that day: {question?.name}. Create another?
    </ConfirmDialog>
  );
  return { createAskingSameDay, sameDayDialog };
}
