// @vitest-environment jsdom
import { holdEarlyTaps } from './earlyTaps';

// A tap on a page the server rendered, made before the app has started on it (main.tsx).

function renderedPage(html: string) {
  document.body.innerHTML = `<div id="root" data-starting>${html}</div>`;
  const root = document.getElementById('root')!;
  const presses: string[] = [];
  // Stands for the handlers React attaches to the root when it starts.
  const listen = () => root.addEventListener('click', (event) => presses.push((event.target as HTMLElement).textContent ?? ''));
  return { root, presses, listen };
}

test('a tap on a button is held, then given to it once the app has started: the last tap counts', () => {
  const page = renderedPage('<button>Withdraw</button><div role="button">Confirm</div>');
  const taps = holdEarlyTaps(page.root);
  expect(page.root.hasAttribute('data-starting')).toBe(false);
  page.root.querySelector('button')!.click();
  page.root.querySelector<HTMLElement>('[role=button]')!.click();
  page.listen();
  expect(page.presses).toEqual([]);
  taps.replay();
  expect(page.presses).toEqual(['Confirm']);
});

test('a submit button held does not submit its form before the app can', () => {
  const page = renderedPage('<form><button>Next</button></form>');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  page.root.querySelector('form')!.addEventListener('submit', submitted);
  const taps = holdEarlyTaps(page.root);
  page.root.querySelector('button')!.click();
  expect(submitted).not.toHaveBeenCalled();
  taps.replay();
  expect(submitted).toHaveBeenCalledOnce();
});

test('a form with an address of its own (sign-in) works at once; a button gone by then is not pressed', () => {
  const page = renderedPage('<form action="/login/discord"><button>Login with Discord</button></form><button>Old</button>');
  const submitted = vi.fn((event: Event) => event.preventDefault());
  page.root.querySelector('form')!.addEventListener('submit', submitted);
  const taps = holdEarlyTaps(page.root);
  page.root.querySelector('form button')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(submitted).toHaveBeenCalledOnce();
  const old = page.root.querySelector<HTMLElement>(':scope > button')!;
  old.click();
  old.remove();
  taps.replay();
  expect(submitted).toHaveBeenCalledOnce();
});

test('a link made to look like a button follows its address; an app that fails to start lets taps through again', () => {
  const page = renderedPage('<a role="button" href="#rules">The rules</a><button>Confirm</button>');
  const taps = holdEarlyTaps(page.root);
  const link = new MouseEvent('click', { bubbles: true, cancelable: true });
  page.root.querySelector('a')!.dispatchEvent(link);
  expect(link.defaultPrevented).toBe(false);
  page.root.querySelector('button')!.click();
  taps.release();
  page.listen();
  expect(page.presses).toEqual([]);
  page.root.querySelector('button')!.click();
  expect(page.presses).toEqual(['Confirm']);
});

test("what was typed and ticked before the app started is given back to a form that set its own start, before the tap", () => {
  const page = renderedPage(
    '<form><input name="name" value="Theo"><input type="radio" name="len" value="1" checked><input type="radio" name="len" value="2"><button>Next</button></form>',
  );
  const [name, one, two] = [...page.root.querySelectorAll('input')];
  name!.value = 'Early Erin'; // typed before the entry ran
  const taps = holdEarlyTaps(page.root);
  two!.click();
  page.root.querySelector('button')!.click();
  // The form starts: its fields set back to its own defaults.
  name!.value = 'Theo';
  one!.checked = true;
  const seen: string[] = [];
  name!.addEventListener('input', () => seen.push(`typed ${name!.value}`));
  page.root.querySelector('form')!.addEventListener('submit', (event) => {
    event.preventDefault();
    seen.push(`sent ${name!.value} ${two!.checked ? '2' : '1'}`);
  });
  taps.replay();
  expect(seen).toEqual(['typed Early Erin', 'sent Early Erin 2']);
});

test('a page the app renders itself is not touched', () => {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  const taps = holdEarlyTaps(root);
  taps.replay();
  expect(root.outerHTML).toBe('<div id="root"></div>');
});
