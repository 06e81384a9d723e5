import { invalidParam, missingParam } from './errors.js';
import type { FormObject, FormValue } from './form.js';
import type { Metadata } from './records.js';

/** Reading Stripe's form parameters (all strings on the wire) with Stripe's error messages. */
export const optionalString = (params: FormObject, name: string, path = name): string | null => {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidParam(path, `Invalid string: ${path}`);
  return value;
};

export const requiredString = (params: FormObject, name: string, path = name): string => {
  const value = optionalString(params, name, path);
  if (value === null) throw missingParam(path);
  return value;
};

export const optionalInteger = (params: FormObject, name: string, path = name): number | null => {
  const value = optionalString(params, name, path);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value)) throw invalidParam(path, `Invalid integer: ${value}`);
  return Number(value);
};

export const optionalNumber = (params: FormObject, name: string, path = name): number | null => {
  const value = optionalString(params, name, path);
  if (value === null) return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw invalidParam(path, `Invalid decimal: ${value}`);
  return parsed;
};

export const optionalBoolean = (params: FormObject, name: string, path = name): boolean | null => {
  const value = optionalString(params, name, path);
  if (value === null) return null;
  if (value !== 'true' && value !== 'false') throw invalidParam(path, `Invalid boolean: ${value}`);
  return value === 'true';
};

export const optionalObject = (params: FormObject, name: string, path = name): FormObject | null => {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalidParam(path, `Invalid object: ${path}`);
  }
  return value;
};

export const optionalArray = (params: FormObject, name: string, path = name): FormValue[] | null => {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (!Array.isArray(value)) throw invalidParam(path, `Invalid array: ${path}`);
  return value;
};

/** `metadata[key]=value`; an empty value deletes a key on update, as in Stripe. */
export const readMetadata = (params: FormObject, current: Metadata = {}): Metadata => {
  const value = optionalObject(params, 'metadata');
  if (!value) return current;
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidParam(`metadata[${key}]`, 'Metadata values must be strings');
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  return next;
};

export const expandPaths = (params: FormObject): string[] => {
  const value = params.expand;
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    throw invalidParam('expand', 'Invalid array: expand');
  }
  return value as string[];
};
