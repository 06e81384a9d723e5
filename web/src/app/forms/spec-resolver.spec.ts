import { describe, expect, it, jest } from '@jest/globals';
import '../zod-jitless';
import {
  AccountMessages,
  LoginRequest,
  PasswordField,
  RegisterRequest,
  RiderSettingsRequest,
  PhysiologyMessages,
  ResetPasswordRequest,
  ValidationMessages,
} from '@domestique/proto';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  asWholeForm,
  fieldErrorsFrom,
  specResolver,
  withConfirmation,
  withWholeIssuesAt,
  type SpecSchema,
} from './spec-resolver';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

/** The messages a resolver answers, by field (empty when the values pass). */
const messagesOf = async <Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
  values: Values,
) => {
  const { errors } = await resolver(values, undefined, OPTIONS);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
};

const SIGN_UP = { email: ' Rider@Example.com ', password: 'secret1', firstName: ' Ann ', lastName: 'Rider' };

describe('specResolver', () => {
  it("answers the schema's parsed request when the values pass (trimmed, lower-cased)", async () => {
    const result = await specResolver(RegisterRequest)(SIGN_UP, undefined, OPTIONS);
    expect(result).toEqual({
      values: { email: 'rider@example.com', password: 'secret1', firstName: 'Ann', lastName: 'Rider' },
      errors: {},
    });
  });

  it("puts the first issue of each field under it, in the schema's own words", async () => {
    const empty = { email: '', password: '', firstName: ' ', lastName: '' };
    expect(await messagesOf(specResolver(RegisterRequest), empty)).toEqual({
      email: ValidationMessages.emailRequired,
      password: ValidationMessages.passwordRequired,
      firstName: ValidationMessages.firstNameRequired,
      lastName: ValidationMessages.lastNameRequired,
    });
    expect(
      await messagesOf(specResolver(RegisterRequest), { ...SIGN_UP, email: 'nope', password: '12345' }),
    ).toEqual({ email: ValidationMessages.emailInvalid, password: ValidationMessages.passwordTooShort });
  });

  it('checks the request toRequest builds from the typed values', async () => {
    const signIn = specResolver(
      LoginRequest.extend({ password: PasswordField }),
      (values: typeof SIGN_UP) => ({
        email: values.email,
        password: values.password,
      }),
    );
    expect(await messagesOf(signIn, { ...SIGN_UP, firstName: '', password: '123' })).toEqual({
      password: ValidationMessages.passwordTooShort,
    });
  });

  it('loads a schema given as a loader on each check, and checks with it', async () => {
    const load = jest.fn(() => Promise.resolve<SpecSchema<unknown>>(RegisterRequest));
    const resolver = specResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await messagesOf(resolver, { ...SIGN_UP, lastName: '' })).toEqual({
      lastName: ValidationMessages.lastNameRequired,
    });
    expect((await resolver(SIGN_UP, undefined, OPTIONS)).values).toMatchObject({
      email: 'rider@example.com',
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says issues of the whole request, or of a part the form has no input for, in the alert (root)', async () => {
    const reset = specResolver(ResetPasswordRequest, (values: { newPassword: string }) => ({
      token: '',
      ...values,
    }));
    expect(await messagesOf(reset, { newPassword: 'secret1' })).toEqual({
      root: AccountMessages.invalidResetToken,
    });
    expect(fieldErrorsFrom([{ code: 'custom', path: [], message: 'whole' }], ['a'])).toEqual({
      root: { type: 'custom', message: 'whole' },
    });
  });
});

describe('schema helpers', () => {
  it('withConfirmation adds the mismatch beside the other issues', async () => {
    const schema = withConfirmation(ResetPasswordRequest, 'newPassword', 'confirm', "Passwords don't match");
    const resolver = specResolver(schema, (values: { newPassword: string; confirm: string }) => ({
      token: 'tok',
      ...values,
    }));
    expect(await messagesOf(resolver, { newPassword: '123', confirm: '1234' })).toEqual({
      newPassword: ValidationMessages.passwordTooShort,
      confirm: "Passwords don't match",
    });
    expect(await messagesOf(resolver, { newPassword: 'secret1', confirm: 'secret1' })).toEqual({});
  });

  it('withWholeIssuesAt moves rules across fields under the named field', async () => {
    const schema = withWholeIssuesAt(RiderSettingsRequest, 'thresholdHeartrate');
    const values = { ftp: null, thresholdHeartrate: 190, maxHeartrate: 180, weightKg: null };
    expect(await messagesOf(specResolver(schema), values)).toEqual({
      thresholdHeartrate: PhysiologyMessages.thresholdAboveMax,
    });
  });

  it('asWholeForm says only the first issue, in the alert', async () => {
    const schema: SpecSchema<unknown> = asWholeForm(RegisterRequest);
    expect(await messagesOf(specResolver(schema), { ...SIGN_UP, email: '', lastName: '' })).toEqual({
      root: ValidationMessages.emailRequired,
    });
  });
});
