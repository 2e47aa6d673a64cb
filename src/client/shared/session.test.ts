// @vitest-environment jsdom
import { savePostLoginRedirect, takePostLoginRedirect } from './session';

test.each([
  ['/events/x?tab=1#top', '/events/x?tab=1#top'],
  ['//evil.example/path', '/'],
  ['/\\evil.example', '/'],
  ['https://evil.example', '/'],
])('the saved address %s leads to %s, once', (saved, expected) => {
  savePostLoginRedirect(saved);
  expect(takePostLoginRedirect()).toBe(expected);
  expect(takePostLoginRedirect()).toBe('/');
});
