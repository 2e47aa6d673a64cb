// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';

// A closed dialog is not in the page at all (a lineup's 48 signup cards each hold one); once
// asked, it is there, and it leaves again after it has faded out.

const dialog = (show: boolean) => (
  <ConfirmDialog show={show} title="Are You sure?" onConfirm={() => {}} onCancel={() => {}}>
    You are about to remove the signup Dana Live from this event.
  </ConfirmDialog>
);

test('a dialog is in the page from when it is asked until it has faded out', async () => {
  const { rerender } = render(dialog(false));
  expect(document.body).not.toHaveTextContent('Are You sure?');
  rerender(dialog(true));
  expect(await screen.findByRole('dialog', { name: 'Are You sure?' })).toHaveTextContent('You are about to remove the signup Dana Live from this event.');
  rerender(dialog(false));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(document.body).not.toHaveTextContent('Are You sure?');
  rerender(dialog(true));
  expect(await screen.findByRole('dialog', { name: 'Are You sure?' })).toBeVisible();
});
