// @vitest-environment jsdom
import { giveEarlyTap, holdEarlyTaps } from './earlyTaps';

// A tap on a page the server rendered, made after the app's entry has run and before the app has
// drawn the page (main.tsx).

function renderedPage(html: string) {
  document.body.innerHTML = `<div id="root" data-starting>${html}</div>`;
  const root = document.getElementById('root')!;
  const presses: string[] = [];
  // Stands for the handlers React attaches to the root when it starts.
  const listen = () => root.addEventListener('click', (event) => presses.push((event.target as HTMLElement).textContent ?? ''));
  return { root, presses, listen };
}

afterEach(() => giveEarlyTap({ replay: false }));

test('a tap on a button is held, then given to it once the app has drawn the page: the last tap counts', () => {
  const page = renderedPage('<button>Withdraw</button><div role="button">Confirm</div>');
  holdEarlyTaps(page.root);
  expect(page.root.hasAttribute('data-starting')).toBe(false);
  page.root.querySelector('button')!.click();
  page.root.querySelector<HTMLElement>('[role=button]')!.click();
  page.listen();
  expect(page.presses).toEqual([]);
  giveEarlyTap({ replay: true });
  expect(page.presses).toEqual(['Confirm']);
  // From then on a tap goes straight through, once.
  page.root.querySelector('button')!.click();
  giveEarlyTap({ replay: true });
  expect(page.presses).toEqual(['Confirm', 'Withdraw']);
});

test('a submit button held does not submit its form before the app can', () => {
  const page = renderedPage('<form><button>Next</button></form>');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  page.root.querySelector('form')!.addEventListener('submit', submitted);
  holdEarlyTaps(page.root);
  page.root.querySelector('button')!.click();
  expect(submitted).not.toHaveBeenCalled();
  giveEarlyTap({ replay: true });
  expect(submitted).toHaveBeenCalledOnce();
});

test('a form with an address of its own (sign-in) and a link work at once; a button gone by then is not pressed', () => {
  const page = renderedPage('<form action="/login/discord"><button>Login with Discord</button></form><a href="#help"><span role="button">Help</span></a><button>Old</button>');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  page.root.querySelector('form')!.addEventListener('submit', submitted);
  holdEarlyTaps(page.root);
  page.root.querySelector('form button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(submitted).toHaveBeenCalledOnce();
  const followed = new MouseEvent('click', { bubbles: true, cancelable: true });
  page.root.querySelector('a span')!.dispatchEvent(followed);
  expect(followed.defaultPrevented).toBe(false);
  const old = page.root.querySelector<HTMLElement>(':scope > button')!;
  const pressed = vi.fn();
  old.addEventListener('click', pressed);
  old.click();
  old.remove();
  giveEarlyTap({ replay: true });
  expect(pressed).not.toHaveBeenCalled();
  expect(submitted).toHaveBeenCalledOnce();
});

test('when the app could not start, taps go through again and the held one is not given', () => {
  const page = renderedPage('<button>Confirm</button>');
  holdEarlyTaps(page.root);
  page.root.querySelector('button')!.click();
  page.listen();
  giveEarlyTap({ replay: false });
  expect(page.presses).toEqual([]);
  page.root.querySelector('button')!.click();
  expect(page.presses).toEqual(['Confirm']);
});

test('a page the app renders itself is not touched', () => {
  document.body.innerHTML = '<div id="root"><button>Go</button></div>';
  const root = document.getElementById('root')!;
  const pressed = vi.fn();
  root.addEventListener('click', pressed);
  holdEarlyTaps(root);
  root.querySelector('button')!.click();
  expect(pressed).toHaveBeenCalledOnce();
});
