/**
 * A minimal streaming XML tag scanner for GPX and TCX: start tags (with namespaces resolved to their
 * URIs), end tags and the text directly inside each element. No xml package is installed and none is
 * needed for these two formats.
 *
 * Safe by construction against entity expansion (billion laughs, external entities): a DOCTYPE and
 * its internal subset are skipped unread, and only the five predefined entities and numeric
 * character references are decoded; any other `&name;` is left as written.
 */

/** An element as the handler sees it: its local name, namespace URI and attributes by local name. */
export interface XmlElement {
  local: string;
  uri: string;
  attrs: Record<string, string>;
}

export interface XmlHandler {
  open?(element: XmlElement, depth: number): void;
  /** `text` is the element's own text (not its children's), entities decoded, untrimmed */
  close?(element: XmlElement, text: string, depth: number): void;
}

/** Malformed XML: unclosed or mismatched tags, an unterminated comment, no root element. */
export class XmlSyntaxError extends Error {}

interface Frame {
  element: XmlElement;
  qname: string;
  namespaces: Record<string, string>;
  text: string;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Decodes the predefined entities and character references; leaves every other `&…;` as is. */
export const decodeEntities = (text: string): string =>
  text.indexOf('&') < 0
    ? text
    : text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
        if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      });

const splitName = (qname: string): [string, string] => {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
};

/** Index just past the DOCTYPE starting at `start`, skipping its internal subset `[...]` unread. */
const skipDoctype = (xml: string, start: number): number => {
  let i = start + 9;
  let inSubset = false;
  while (i < xml.length) {
    const ch = xml[i];
    if (ch === '[') inSubset = true;
    else if (ch === ']') inSubset = false;
    else if (ch === '>' && !inSubset) return i + 1;
    i += 1;
  }
  throw new XmlSyntaxError('unterminated DOCTYPE');
};

/** Index just past `terminator` searched from `from`, or a syntax error naming `what`. */
const skipPast = (xml: string, from: number, terminator: string, what: string): number => {
  const end = xml.indexOf(terminator, from);
  if (end < 0) throw new XmlSyntaxError(`unterminated ${what}`);
  return end + terminator.length;
};

/** Index of the `>` closing the tag opened just before `from`, skipping any `>` inside quotes. */
const tagEnd = (xml: string, from: number): number => {
  let quote = '';
  for (let i = from; i < xml.length; i += 1) {
    const ch = xml[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i;
  }
  throw new XmlSyntaxError('unterminated tag');
};

const openFrame = (tag: string, parent: Frame | undefined): Frame => {
  const nameEnd = tag.search(/[\s/]|$/);
  const qname = tag.slice(0, nameEnd);
  let namespaces = parent?.namespaces ?? {};
  const raw: [string, string][] = [];
  ATTRIBUTE.lastIndex = nameEnd;
  for (let match = ATTRIBUTE.exec(tag); match; match = ATTRIBUTE.exec(tag)) {
    const name = match[1]!;
    const value = decodeEntities(match[2] ?? match[3] ?? '');
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (namespaces === parent?.namespaces) namespaces = { ...namespaces };
      namespaces[name === 'xmlns' ? '' : name.slice(6)] = value;
    } else raw.push([name, value]);
  }
  const attrs: Record<string, string> = {};
  for (const [name, value] of raw) attrs[splitName(name)[1]] = value;
  const [prefix, local] = splitName(qname);
  return { element: { local, uri: namespaces[prefix] ?? '', attrs }, qname, namespaces, text: '' };
};

/** Scans the whole document, calling the handler for each element; throws XmlSyntaxError. */
export function scanXml(xml: string, handler: XmlHandler): void {
  const stack: Frame[] = [];
  let sawRoot = false;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    if (textEnd > i && stack.length > 0) stack[stack.length - 1]!.text += xml.slice(i, textEnd);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) i = skipPast(xml, lt + 4, '-->', 'comment');
    else if (xml.startsWith('<![CDATA[', lt)) {
      i = skipPast(xml, lt + 9, ']]>', 'CDATA section');
      if (stack.length > 0) stack[stack.length - 1]!.text += xml.slice(lt + 9, i - 3);
    } else if (xml.startsWith('<?', lt)) i = skipPast(xml, lt + 2, '?>', 'processing instruction');
    else if (xml.startsWith('<!DOCTYPE', lt)) i = skipDoctype(xml, lt);
    else {
      const gt = tagEnd(xml, lt + 1);
      const tag = xml.slice(lt + 1, gt);
      i = gt + 1;
      if (tag[0] === '/') {
        const frame = stack.pop();
        if (!frame || frame.qname !== tag.slice(1).trim())
          throw new XmlSyntaxError(`unexpected </${tag.slice(1)}>`);
        handler.close?.(frame.element, decodeEntities(frame.text), stack.length);
      } else {
        if (stack.length === 0 && sawRoot) throw new XmlSyntaxError('more than one root element');
        sawRoot = true;
        const frame = openFrame(tag, stack[stack.length - 1]);
        handler.open?.(frame.element, stack.length);
        if (tag.endsWith('/')) handler.close?.(frame.element, '', stack.length);
        else stack.push(frame);
      }
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError(`unclosed <${stack[stack.length - 1]!.qname}>`);
  if (!sawRoot) throw new XmlSyntaxError('no root element');
}
