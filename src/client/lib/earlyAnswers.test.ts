// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { dropUnclaimedEarlyAnswers, keepEarlyAnswers, useEarlyAnswers } from './earlyAnswers';

// What a DJ types into a page the server rendered before the app has started on it (startApp),
// given back once its form has started (useEarlyAnswers).

function renderedPage(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

const WIZARD =
  '<form><input name="name" value="Theo"><select name="from"><option value="any" selected>Any Time</option><option value="20">20:00</option></select>' +
  '<input type="radio" name="len" checked><input type="radio" name="len"><input type="radio" name="len"><input type="checkbox" name="b2b"></form>';

/** A form on the page starting, then ready: its useEarlyAnswers effects run. */
const formStarts = () => renderHook(() => useEarlyAnswers(true)).unmount();

const field = <T extends Element>(root: HTMLElement, selector: string) => root.querySelector<T>(selector)!;
/** The app's radio buttons carry no value: a group's buttons are told apart by their place. */
const lengthButton = (root: HTMLElement, place: number) => root.querySelectorAll<HTMLInputElement>('[name=len]')[place]!;

test('what was typed, picked and ticked before the app started is given back to a form that set its own start, as input the form hears, then the entry is told', () => {
  const root = renderedPage(WIZARD);
  const heard: string[] = [];
  field<HTMLInputElement>(root, '[name=name]').value = 'Early Erin'; // typed before the app's script ran
  const answersBack = vi.fn(() => heard.push('answers back'));
  keepEarlyAnswers(root, answersBack);
  const from = field<HTMLSelectElement>(root, 'select');
  from.value = '20';
  from.dispatchEvent(new Event('change', { bubbles: true }));
  lengthButton(root, 2).click();
  field<HTMLInputElement>(root, '[name=b2b]').click();
  // The app starts: its form draws the fields anew, at its own start.
  root.innerHTML = WIZARD;
  heard.length = 0;
  root.addEventListener('input', (event) => heard.push(`input ${(event.target as HTMLInputElement).name}`));
  root.addEventListener('change', (event) => heard.push(`change ${(event.target as HTMLInputElement).name}`));
  formStarts();
  expect([field<HTMLInputElement>(root, '[name=name]').value, field<HTMLSelectElement>(root, 'select').value]).toEqual(['Early Erin', '20']);
  expect([lengthButton(root, 2).checked, field<HTMLInputElement>(root, '[name=b2b]').checked]).toEqual([true, true]);
  expect(heard).toEqual(expect.arrayContaining(['input name', 'change from', 'change len', 'change b2b']));
  // Told once, after every answer is back (main.tsx gives a held tap then).
  expect(heard.at(-1)).toBe('answers back');
  expect(answersBack).toHaveBeenCalledOnce();
  dropUnclaimedEarlyAnswers();
  expect(answersBack).toHaveBeenCalledOnce();
});

test('the radio button ticked last is the answer, and a field emptied by hand is given back empty', () => {
  const root = renderedPage(WIZARD);
  keepEarlyAnswers(root);
  for (const place of [1, 2, 1]) lengthButton(root, place).click();
  const name = field<HTMLInputElement>(root, '[name=name]');
  name.value = '';
  name.dispatchEvent(new Event('input', { bubbles: true }));
  root.innerHTML = WIZARD;
  const heard: string[] = [];
  field<HTMLInputElement>(root, '[name=name]').addEventListener('input', (event) => heard.push(`input "${(event.target as HTMLInputElement).value}"`));
  formStarts();
  expect([0, 1, 2].map((place) => lengthButton(root, place).checked)).toEqual([false, true, false]);
  expect(field<HTMLInputElement>(root, '[name=name]').value).toBe('');
  expect(heard).toEqual(['input ""']);
});

test('a page without a form that gives answers back forgets them once the app has drawn it: a form opened later starts clean', () => {
  const root = renderedPage(WIZARD);
  field<HTMLInputElement>(root, '[name=name]').value = 'Stale Stan';
  const forgotten = vi.fn();
  keepEarlyAnswers(root, forgotten);
  dropUnclaimedEarlyAnswers();
  expect(forgotten).toHaveBeenCalledOnce();
  root.innerHTML = WIZARD;
  formStarts();
  expect(field<HTMLInputElement>(root, '[name=name]').value).toBe('Theo');
});

test('a page the app renders itself is not touched', () => {
  const root = renderedPage('');
  keepEarlyAnswers(root);
  formStarts();
  expect(root.outerHTML).toBe('<div id="root"></div>');
});

test('a form gone before its answers are back (signups closed meanwhile) lets them go, so the held tap is given; one drawn anew in its place keeps them', async () => {
  const root = renderedPage(WIZARD);
  field<HTMLInputElement>(root, '[name=name]').value = 'Early Erin';
  const settled = vi.fn();
  keepEarlyAnswers(root, settled);
  // The wizard is drawn anew in the same commit (started over with the answers kept in the tab).
  const first = renderHook(() => useEarlyAnswers(false));
  const second = renderHook(() => useEarlyAnswers(false));
  first.unmount();
  await Promise.resolve();
  expect(settled).not.toHaveBeenCalled();
  // Then it is gone for good, before it was ready: nothing else will give the answers back.
  second.unmount();
  await Promise.resolve();
  expect(settled).toHaveBeenCalledOnce();
  root.innerHTML = WIZARD;
  formStarts();
  expect(field<HTMLInputElement>(root, '[name=name]').value).toBe('Theo');
});
