import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { MdVisibility, MdVisibilityOff } from 'react-icons/md';
import { FormField, type FormFieldProps } from './FormField';

export interface PasswordFieldProps extends Omit<FormFieldProps, 'required' | 'children'> {
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A required password field: its label, the input with a show/hide control that says what it does,
 * and the helper or error text under it.
 */
export function PasswordField({
  label,
  error,
  helper,
  onValueChange,
  disabled,
  ...input
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} helper={helper} required>
      <InputGroup
        endElement={
          <IconButton
            type="button"
            variant="ghost"
            size="sm"
            me="-2"
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
            disabled={disabled}
          >
            {visible ? <MdVisibilityOff /> : <MdVisibility />}
          </IconButton>
        }
      >
        <Input
          {...input}
          type={visible ? 'text' : 'password'}
          onChange={(event) => onValueChange(event.target.value)}
          disabled={disabled}
        />
      </InputGroup>
    </FormField>
  );
}
