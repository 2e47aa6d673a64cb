// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render } from '@testing-library/react';
import { Avatar } from './Avatar';

// A picture that failed before React was there (a page the server rendered, hydrated later)
// shows the initial, not a broken image.

const imageState = (complete: boolean, naturalWidth: number) => {
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => complete });
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => naturalWidth });
};

test('a picture that has already failed shows the initial', () => {
  imageState(true, 0);
  const { container } = render(<Avatar url="https://cdn.example/a.png" name="dana" />);
  expect(container.querySelector('img')).toBeNull();
  expect(container).toHaveTextContent('D');
});

test('a picture still loading, or loaded, stays', () => {
  imageState(false, 0);
  expect(render(<Avatar url="https://cdn.example/a.png" name="dana" />).container.querySelector('img')).not.toBeNull();
  imageState(true, 64);
  expect(render(<Avatar url="https://cdn.example/b.png" name="dana" />).container.querySelector('img')).not.toBeNull();
});
