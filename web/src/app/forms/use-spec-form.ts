import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import { specResolver, type SpecSchemaSource } from './spec-resolver';

export interface SpecFormOptions<Values extends FieldValues> {
  /** turns what was typed into the request the schema describes (numbers from text, picked fields) */
  toRequest?: (values: Values) => unknown;
}

/** An error of the whole form (shown in its alert); `kind` tells the screen what else to offer. */
export interface FormError {
  message: string;
  kind?: string;
}

/** Focuses the first input, in the form's order, whose field has an error. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/**
 * A form checked by a proto request schema (react-hook-form under a spec resolver), with the house
 * behaviour of every form: typing in a field clears that field's error and the form's alert, a submit
 * while one is pending does nothing, the first invalid input gets the focus, and server errors land on
 * a field or in the form's alert. `schema` and `toRequest` may change between renders (a mode switch);
 * `schema` may be a loader (SpecSchemaSource), called on each check.
 */
export function useSpecForm<Values extends FieldValues, Output>(
  schema: SpecSchemaSource<Output>,
  defaults: Values,
  options: SpecFormOptions<Values> = {},
) {
  const current = useRef({ schema, toRequest: options.toRequest });
  current.current = { schema, toRequest: options.toRequest };
  const resolver = useMemo<Resolver<Values, unknown, Output>>(
    () => (values, context, resolverOptions) =>
      specResolver<Values, Output>(current.current.schema, current.current.toRequest)(
        values,
        context,
        resolverOptions,
      ),
    [],
  );
  const form = useForm<Values, unknown, Output>({
    defaultValues: defaults as DefaultValues<Values>,
    resolver,
    mode: 'onSubmit',
    // errors clear as the user types (below) and come back only on the next submit
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { setValue, clearErrors, setError, handleSubmit, reset: resetForm } = form;
  const values = form.watch();
  const errors = form.formState.errors;
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const change = useCallback(
    <Field extends Path<Values>>(field: Field, value: PathValue<Values, Field>) => {
      setValue(field, value);
      clearErrors([field, 'root'] as Path<Values>[]);
    },
    [setValue, clearErrors],
  );

  /** Puts a server answer on a field, or in the form's alert when no field is named. */
  const fail = useCallback(
    (message: string, target: { field?: Path<Values>; kind?: string } = {}) => {
      if (target.field) setError(target.field, { type: 'server', message });
      else setError('root', { type: target.kind ?? 'server', message });
    },
    [setError],
  );

  const submit = useCallback(
    (
      onValid: (request: Output) => Promise<void> | void,
      /** after the errors are shown and the first invalid input focused (e.g. a toast) */
      onInvalid?: (errors: FieldErrors<Values>) => void,
    ) =>
      async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (busy.current) return;
        busy.current = true;
        const element = event.currentTarget;
        try {
          await handleSubmit(
            async (request) => {
              setPending(true);
              try {
                await onValid(request);
              } finally {
                setPending(false);
              }
            },
            (invalid) => {
              focusFirstInvalid(element, invalid);
              onInvalid?.(invalid);
            },
          )(event);
        } finally {
          busy.current = false;
        }
      },
    [handleSubmit],
  );

  const reset = useCallback((next: Values = defaults) => resetForm(next), [resetForm, defaults]);

  const fieldError = (field: Path<Values>): string | undefined => {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[field];
    return typeof error?.message === 'string' ? error.message : undefined;
  };
  const root = errors.root;
  const formError: FormError | null =
    root?.message !== undefined
      ? { message: root.message, kind: root.type === 'server' ? undefined : String(root.type) }
      : null;

  return { form, values, change, submit, fail, reset, fieldError, formError, pending };
}
