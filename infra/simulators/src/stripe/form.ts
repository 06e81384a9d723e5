/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with nested brackets
 * (`line_items[0][price]=price_1&metadata[userId]=u1&expand[0]=subscription`), as the official SDKs
 * send it. Every leaf is a string; the handlers coerce numbers and booleans where the API does.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const splitKey = (key: string): string[] => {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const pattern = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(key.slice(open))) !== null) parts.push(match[1] ?? '');
  return parts;
};

const isIndex = (part: string) => part === '' || /^\d+$/.test(part);

/** Sets one decoded pair into the tree; containers are created as objects and turned into arrays later. */
const assign = (root: FormObject, parts: string[], value: string): void => {
  let node: FormObject = root;
  for (let i = 0; i < parts.length - 1; i += 1) {
    const part = parts[i]!;
    const key = part === '' ? String(Object.keys(node).length) : part;
    const next = node[key];
    if (next === undefined || typeof next === 'string') {
      const child: FormObject = {};
      node[key] = child;
      node = child;
    } else {
      node = next as FormObject;
    }
  }
  const last = parts[parts.length - 1]!;
  node[last === '' ? String(Object.keys(node).length) : last] = value;
};

/** Objects whose keys are all indices become arrays, ordered by index. */
const arrayify = (value: FormValue): FormValue => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arrayify(value[key]!)]));
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)]!);
  }
  return converted;
};

/** Decodes a form body or a query string (without the leading `?`). */
export const decodeForm = (encoded: string): FormObject => {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) assign(root, splitKey(key), value);
  return arrayify(root) as FormObject;
};
