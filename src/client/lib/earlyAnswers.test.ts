// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { keepEarlyAnswers, useEarlyAnswers } from './earlyAnswers';

/** A form on the page starting: its useEarlyAnswers effect runs. */
const formStarts = () => renderHook(() => useEarlyAnswers()).unmount();

// What a DJ types into a page the server rendered before the app has started on it (startApp),
// given back once its form has started (useEarlyAnswers).

function renderedPage(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

test('what was typed, picked and ticked before the app started is given back to a form that set its own start, as input the form hears', () => {
  const root = renderedPage(
    '<form><input name="name" value="Theo"><select name="from"><option value="any" selected>Any Time</option><option value="20">20:00</option></select>' +
      '<input type="radio" name="len" value="1" checked><input type="radio" name="len" value="2"><input type="checkbox" name="b2b"></form>',
  );
  const [name, one, two, b2b] = [...root.querySelectorAll('input')];
  const from = root.querySelector('select')!;
  name!.value = 'Early Erin'; // typed before the app's script ran
  keepEarlyAnswers(root);
  from.value = '20';
  from.dispatchEvent(new Event('change', { bubbles: true }));
  two!.click();
  b2b!.click();
  // The app starts: its form sets every field back to its own start.
  name!.value = 'Theo';
  from.value = 'any';
  one!.checked = true;
  b2b!.checked = false;
  const heard: string[] = [];
  root.addEventListener('input', (event) => heard.push(`input ${(event.target as HTMLInputElement).name}`));
  root.addEventListener('change', (event) => heard.push(`change ${(event.target as HTMLInputElement).name}`));
  formStarts();
  expect([name!.value, from.value, two!.checked, b2b!.checked]).toEqual(['Early Erin', '20', true, true]);
  expect(heard).toEqual(expect.arrayContaining(['input name', 'change from', 'change len', 'change b2b']));
});

test('nothing typed before the app started leaves the fields as the app set them, and typing after it is not touched', () => {
  const root = renderedPage('<input name="name" value="Theo">');
  const field = root.querySelector('input')!;
  keepEarlyAnswers(root);
  formStarts();
  field.value = 'Later Lou';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  expect(field.value).toBe('Later Lou');
});

test('a page the app renders itself is not touched', () => {
  const root = renderedPage('');
  keepEarlyAnswers(root);
  formStarts();
  expect(root.outerHTML).toBe('<div id="root"></div>');
});
