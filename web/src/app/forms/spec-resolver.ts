import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * What the resolver needs of a proto request schema: zod's `safeParse`. Typed structurally so this
 * module loads no zod itself; the schema's module does (after `app/zod-jitless`).
 */
export interface SpecSchema<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly SpecIssue[] } };
}

export interface SpecIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Field errors from a failed parse, in the schema's own words: the first issue of each field (the
 * schemas list a field's rules in the order the spec checks them). Issues of the whole request, or of
 * a part of it the form has no input for (`fields`), go under `root`, the form's alert.
 */
export function fieldErrorsFrom<Values extends FieldValues>(
  issues: readonly SpecIssue[],
  fields: readonly string[],
): FieldErrors<Values> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = issue.path.length === 0 ? undefined : String(issue.path[0]);
    const key = field !== undefined && fields.includes(field) ? field : 'root';
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return errors as FieldErrors<Values>;
}

/**
 * A schema, or how to load it: a form whose schemas (zod and proto) come in a chunk of their own
 * loads them on its first check, so its page's first load does not evaluate them.
 */
export type SpecSchemaSource<Output> = SpecSchema<Output> | (() => Promise<SpecSchema<Output>>);

/**
 * A react-hook-form resolver that checks the form with a proto request schema, so the client refuses
 * exactly what the server would, with the same messages. `toRequest` turns what was typed into the
 * request the schema describes (defaults to the values as they are). A schema to load makes the
 * resolver async (react-hook-form awaits it).
 */
export function specResolver<Values extends FieldValues, Output>(
  schema: SpecSchemaSource<Output>,
  toRequest: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  const check = (loaded: SpecSchema<Output>, values: Values) => {
    const result = loaded.safeParse(toRequest(values));
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: fieldErrorsFrom<Values>(result.error.issues, Object.keys(values)) };
  };
  if (typeof schema === 'function') return async (values) => check(await schema(), values);
  return (values) => check(schema, values);
}

/**
 * A schema that also wants `confirmField` to repeat `field` (a password typed twice): checks the rest
 * with `schema`, and adds `message` under `confirmField` when the two differ, beside any other issue.
 */
export function withConfirmation<Output>(
  schema: SpecSchema<Output>,
  field: string,
  confirmField: string,
  message: string,
): SpecSchema<Output> {
  return {
    safeParse(input) {
      const { [confirmField]: confirmation, ...request } = input as Record<string, unknown>;
      const result = schema.safeParse(request);
      if (confirmation === request[field]) return result;
      const issues = result.success ? [] : result.error.issues;
      return {
        success: false,
        error: { issues: [...issues, { code: 'custom', path: [confirmField], message }] },
      };
    },
  };
}

/**
 * A schema whose issues about the request as a whole (a rule across fields) are shown under `field`
 * instead of in the form's alert, beside the input the rider most likely has to change.
 */
export function withWholeIssuesAt<Output>(schema: SpecSchema<Output>, field: string): SpecSchema<Output> {
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (result.success) return result;
      const issues = result.error.issues.map((issue) =>
        issue.path.length === 0 ? { ...issue, path: [field] } : issue,
      );
      return { success: false, error: { issues } };
    },
  };
}

/**
 * A schema whose every issue is said once for the whole form (its alert), for forms the spec gives
 * one message ("Please fill in all required fields"): the first issue wins.
 */
export function asWholeForm<Output>(schema: SpecSchema<Output>): SpecSchema<Output> {
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (result.success) return result;
      return {
        success: false,
        error: { issues: result.error.issues.map((issue) => ({ ...issue, path: [] })) },
      };
    },
  };
}
