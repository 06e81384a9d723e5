import * as proto from '../index.js';
import * as forms from '../forms.js';

describe('@domestique/proto/forms', () => {
  it('re-exports the very schemas of the full entry point, so a form checks what the server checks', () => {
    const names = Object.keys(forms);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect((forms as Record<string, unknown>)[name]).toBe((proto as Record<string, unknown>)[name]);
  });

  it('holds only request schemas, the field rules they are made of and their messages', () => {
    for (const name of Object.keys(forms)) expect(name).toMatch(/(Request|Field|Messages)$/);
  });
});
