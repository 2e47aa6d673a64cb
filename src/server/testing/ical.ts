// A strict little iCalendar (RFC 5545) reader for tests: CRLF line endings, folded lines of at most
// 75 octets, every content line NAME[;PARAM=VALUE]*:VALUE, BEGIN/END properly nested, and the
// properties a calendar and each event must have. Throws on anything else.

export interface ICalComponent {
  name: string;
  properties: Array<{ name: string; params: Record<string, string>; value: string }>;
  components: ICalComponent[];
}

const CONTENT_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;

export function parseICal(text: string): ICalComponent {
  if (!text.endsWith('\r\n')) throw new Error('The calendar must end with CRLF.');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`A bare line break: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`A line longer than 75 octets: ${line}`);
  }
  // Unfold: a line starting with a space or tab continues the previous one.
  const lines: string[] = [];
  for (const line of physical) {
    if (/^[ \t]/.test(line)) {
      if (lines.length === 0) throw new Error('The calendar starts with a continuation line.');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const root: ICalComponent = { name: '', properties: [], components: [] };
  const stack = [root];
  for (const line of lines) {
    const match = CONTENT_LINE.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const [, rawName, rawParams, value] = match as unknown as [string, string, string, string];
    const name = rawName.toUpperCase();
    const current = stack.at(-1)!;
    if (name === 'BEGIN') {
      const component: ICalComponent = { name: value.toUpperCase(), properties: [], components: [] };
      current.components.push(component);
      stack.push(component);
    } else if (name === 'END') {
      if (current.name !== value.toUpperCase()) throw new Error(`END:${value} closes ${current.name || 'nothing'}`);
      stack.pop();
    } else {
      if (current === root) throw new Error(`A property outside any component: ${line}`);
      const params = Object.fromEntries(
        rawParams
          .split(';')
          .filter(Boolean)
          .map((param) => param.split('=', 2) as [string, string]),
      );
      current.properties.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error(`${stack.at(-1)!.name} is never closed.`);
  const [calendar, ...rest] = root.components;
  if (!calendar || calendar.name !== 'VCALENDAR' || rest.length > 0) throw new Error('Exactly one VCALENDAR expected.');
  const has = (component: ICalComponent, property: string) => component.properties.some((p) => p.name === property);
  for (const required of ['VERSION', 'PRODID']) if (!has(calendar, required)) throw new Error(`VCALENDAR lacks ${required}.`);
  if (calendar.properties.find((p) => p.name === 'VERSION')?.value !== '2.0') throw new Error('VERSION must be 2.0.');
  for (const event of calendar.components.filter((c) => c.name === 'VEVENT')) {
    for (const required of ['UID', 'DTSTAMP', 'DTSTART']) if (!has(event, required)) throw new Error(`A VEVENT lacks ${required}.`);
  }
  return calendar;
}

/** The events' properties by name (the first of each), with iCal text escapes undone. */
export function icalEvents(calendar: ICalComponent): Array<Record<string, string>> {
  const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  return calendar.components
    .filter((c) => c.name === 'VEVENT')
    .map((event) => {
      const fields: Record<string, string> = {};
      for (const { name, value } of event.properties) fields[name] ??= unescape(value);
      return fields;
    });
}
