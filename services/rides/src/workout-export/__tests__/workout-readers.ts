import { Decoder, Stream } from '@garmin/fitsdk';

/**
 * Readers the export specs parse each file back with, written apart from the exporters: a small XML
 * scanner (no regular expressions) for .zwo, the FIT SDK's Decoder for .fit, line splitting for
 * .erg/.mrc and RFC 5545 unfolding for .ics.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decodeEntities = (text: string): string => {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char !== '&') {
      out += char;
      continue;
    }
    const end = text.indexOf(';', index);
    const entity = ENTITIES[text.slice(index + 1, end)];
    if (end === -1 || entity === undefined) throw new Error(`Bad entity at ${index}`);
    out += entity;
    index = end;
  }
  return out;
};

const isSpace = (char: string | undefined) => char === ' ' || char === '\n' || char === '\r' || char === '\t';

/** Parses a well-formed XML document (elements, attributes, text; a prolog is skipped). Throws if not. */
export const parseXml = (xml: string): XmlElement => {
  let at = 0;
  const skipSpace = () => {
    while (isSpace(xml[at])) at++;
  };
  const readName = (): string => {
    const start = at;
    while (at < xml.length && !isSpace(xml[at]) && !'/>='.includes(xml[at]!)) at++;
    if (start === at) throw new Error(`Name expected at ${at}`);
    return xml.slice(start, at);
  };
  const expect = (text: string) => {
    if (!xml.startsWith(text, at)) throw new Error(`"${text}" expected at ${at}`);
    at += text.length;
  };
  const readElement = (): XmlElement => {
    expect('<');
    const element: XmlElement = { name: readName(), attributes: {}, children: [], text: '' };
    for (;;) {
      skipSpace();
      if (xml.startsWith('/>', at)) {
        at += 2;
        return element;
      }
      if (xml[at] === '>') break;
      const name = readName();
      expect('=');
      const quote = xml[at]!;
      if (quote !== '"' && quote !== "'") throw new Error(`Quote expected at ${at}`);
      const end = xml.indexOf(quote, at + 1);
      const raw = xml.slice(at + 1, end);
      if (end === -1 || raw.includes('<')) throw new Error(`Bad attribute at ${at}`);
      if (name in element.attributes) throw new Error(`Duplicate attribute ${name}`);
      element.attributes[name] = decodeEntities(raw);
      at = end + 1;
    }
    at++;
    for (;;) {
      const next = xml.indexOf('<', at);
      if (next === -1) throw new Error(`Unclosed <${element.name}>`);
      element.text += decodeEntities(xml.slice(at, next));
      at = next;
      if (xml.startsWith('</', at)) {
        at += 2;
        if (readName() !== element.name) throw new Error(`Mismatched </> for <${element.name}>`);
        skipSpace();
        expect('>');
        return element;
      }
      element.children.push(readElement());
    }
  };
  if (xml.startsWith('<?xml')) at = xml.indexOf('?>') + 2;
  skipSpace();
  const root = readElement();
  skipSpace();
  if (at !== xml.length) throw new Error('Content after the root element');
  return root;
};

/** A step read back: seconds and %FTP at its start and end. */
export interface ReadStep {
  durationS: number;
  startPercent: number;
  endPercent: number;
}

const percentOf = (fraction: string | undefined): number => {
  if (fraction === undefined) throw new Error('Missing power');
  return Math.round(Number(fraction) * 10_000) / 100;
};

/** The .zwo's steps, IntervalsT expanded into its on and off steps. */
export const readZwo = (
  xml: string,
): { name: string; description: string; steps: ReadStep[]; labels: string[] } => {
  const root = parseXml(xml);
  if (root.name !== 'workout_file') throw new Error(`Root is ${root.name}`);
  const child = (name: string) => root.children.find((element) => element.name === name);
  const steps: ReadStep[] = [];
  const labels: string[] = [];
  for (const element of child('workout')?.children ?? []) {
    const a = element.attributes;
    for (const text of element.children.filter((c) => c.name === 'textevent'))
      labels.push(text.attributes.message ?? '');
    switch (element.name) {
      case 'Warmup':
      case 'Cooldown':
        steps.push({
          durationS: Number(a.Duration),
          startPercent: percentOf(a.PowerLow),
          endPercent: percentOf(a.PowerHigh),
        });
        break;
      case 'SteadyState':
        steps.push({
          durationS: Number(a.Duration),
          startPercent: percentOf(a.Power),
          endPercent: percentOf(a.Power),
        });
        break;
      case 'IntervalsT':
        for (let rep = 0; rep < Number(a.Repeat); rep++) {
          steps.push({
            durationS: Number(a.OnDuration),
            startPercent: percentOf(a.OnPower),
            endPercent: percentOf(a.OnPower),
          });
          steps.push({
            durationS: Number(a.OffDuration),
            startPercent: percentOf(a.OffPower),
            endPercent: percentOf(a.OffPower),
          });
        }
        break;
      default:
        throw new Error(`Unknown element ${element.name}`);
    }
  }
  return { name: child('name')?.text ?? '', description: child('description')?.text ?? '', steps, labels };
};

/** The .erg or .mrc's points (minutes, value) and its header lines, split on CRLF. */
export const readCourseFile = (text: string) => {
  if (!text.endsWith('\r\n') || text.replace(/\r\n/g, '').includes('\n')) throw new Error('Not CRLF lines');
  const lines = text.split('\r\n');
  const section = (name: string) =>
    lines.slice(lines.indexOf(`[${name}]`) + 1, lines.indexOf(`[END ${name}]`));
  const header = Object.fromEntries(
    section('COURSE HEADER')
      .filter((line) => line.includes(' = '))
      .map((line) => line.split(' = ') as [string, string]),
  );
  const points = section('COURSE DATA').map((line) => {
    const [minutes, value] = line.split('\t');
    return { seconds: Math.round(Number(minutes) * 60), value: Number(value) };
  });
  const texts = section('COURSE TEXT').map((line) => line.split('\t'));
  return { header, units: section('COURSE HEADER').at(-1), points, texts };
};

/** Two points per step, back into steps. */
export const stepsOfPoints = (points: { seconds: number; value: number }[]): ReadStep[] => {
  const steps: ReadStep[] = [];
  for (let index = 0; index + 1 < points.length; index += 2) {
    const start = points[index]!;
    const end = points[index + 1]!;
    steps.push({ durationS: end.seconds - start.seconds, startPercent: start.value, endPercent: end.value });
  }
  return steps;
};

interface FitStep {
  durationTime?: number;
  durationType?: string;
  targetType?: string;
  customTargetPowerLow?: number;
  customTargetPowerHigh?: number;
  targetHrZone?: number;
  wktStepName?: string;
  messageIndex?: number;
}

/** The .fit workout decoded by the SDK (integrity checked). */
export const readFit = (bytes: Uint8Array) => {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  if (!decoder.isFIT() || !decoder.checkIntegrity()) throw new Error('Not an intact FIT file');
  const { messages, errors } = decoder.read();
  if (errors.length > 0) throw new Error(`FIT errors: ${errors.map(String).join(', ')}`);
  const typed = messages as unknown as {
    fileIdMesgs?: { type?: string }[];
    workoutMesgs?: { wktName?: string; sport?: string; numValidSteps?: number }[];
    workoutStepMesgs?: FitStep[];
  };
  return {
    fileType: typed.fileIdMesgs?.[0]?.type,
    workout: typed.workoutMesgs?.[0],
    steps: typed.workoutStepMesgs ?? [],
  };
};

/** The .ics unfolded (RFC 5545 3.1) into content lines; throws on a bare LF or a line over 75 octets. */
export const readIcs = (text: string): string[] => {
  if (!text.endsWith('\r\n') || text.replace(/\r\n/g, '').includes('\n')) throw new Error('Not CRLF lines');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical)
    if (Buffer.byteLength(line) > 75) throw new Error(`Line over 75 octets: ${line}`);
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
};

/** An .ics TEXT value unescaped. */
export const unescapeIcsText = (value: string): string => {
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = value[++index];
    out += next === 'n' || next === 'N' ? '\n' : next!;
  }
  return out;
};

/** The VEVENTs of unfolded lines, each as a map of property (name with parameters) to value. */
export const icsEvents = (lines: string[]): Record<string, string>[] => {
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return events;
};
