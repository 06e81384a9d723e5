import { Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { FormDialog } from '../../../app/components/FormDialog';
import { FormField } from '../../../app/components/FormField';
import type { DiscountType } from '@domestique/proto';
import { PROMO_CODE_MAX_LENGTH, PROMO_DESCRIPTION_MAX_LENGTH } from '@domestique/proto/messages';
import { useEffect } from 'react';
import { toast } from '../../../app/toaster';
import type { NewPromoCode } from '../api/admin-api';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import {
  DISCOUNT_TYPE_OPTIONS,
  EMPTY_PROMO_FORM,
  newPromoCode,
  PROMO_FORM_SCHEMA,
  PROMO_VALIDATION_TITLE,
  promoRequestFrom,
  type PromoFormValues,
} from '../promo-form';

/** The date-time fields, both required (spec section 5). */
const VALIDITY_FIELDS = [
  ['validFrom', 'Valid From'],
  ['validUntil', 'Valid Until'],
] as const;

/** The Create Promo Code dialog (spec sections 2 and 5). */
export function CreatePromoCodeDialog({
  open,
  onOpenChange,
  busy,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** resolves true when created (the dialog then closes) */
  onCreate: (promo: NewPromoCode) => Promise<boolean>;
}) {
  const { values, change, submit, reset } = useSpecForm(PROMO_FORM_SCHEMA, EMPTY_PROMO_FORM, {
    toRequest: promoRequestFrom,
  });
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const set = (field: keyof PromoFormValues) => (event: { target: { value: string } }) =>
    change(field, field === 'code' ? event.target.value.toUpperCase() : event.target.value);
  const example = DISCOUNT_TYPE_OPTIONS.find((option) => option.value === values.discountType)?.example;

  const create = submit(
    async (request) => {
      if (await onCreate(newPromoCode(request))) onOpenChange(false);
    },
    (errors) => {
      if (errors.root?.message) toast.error(PROMO_VALIDATION_TITLE, errors.root.message);
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Promo Code"
      onSubmit={create}
      submitLabel="Create Promo Code"
      busyLabel="Creating..."
      busy={busy}
      scrollInside
    >
      <Stack gap="4">
        <FormField label="Code" required>
          <Input
            name="code"
            value={values.code}
            maxLength={PROMO_CODE_MAX_LENGTH}
            placeholder="e.g. SUMMER25"
            onChange={set('code')}
          />
        </FormField>
        <FormField label="Description">
          <Textarea
            name="description"
            rows={2}
            value={values.description}
            maxLength={PROMO_DESCRIPTION_MAX_LENGTH}
            onChange={set('description')}
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Discount Type">
            <NativeSelect.Root>
              <NativeSelect.Field
                name="discountType"
                value={values.discountType}
                onChange={(event) => change('discountType', event.target.value as DiscountType)}
              >
                {DISCOUNT_TYPE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Discount Value" helper={example} required>
            <Input
              name="discountValue"
              type="number"
              inputMode="numeric"
              step="1"
              value={values.discountValue}
              placeholder={example}
              onChange={set('discountValue')}
            />
          </FormField>
          {VALIDITY_FIELDS.map(([field, label]) => (
            <FormField key={field} label={label} required>
              <Input name={field} type="datetime-local" value={values[field]} onChange={set(field)} />
            </FormField>
          ))}
        </SimpleGrid>
        <FormField label="Usage Limit">
          <Input
            name="usageLimit"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            value={values.usageLimit}
            placeholder="Unlimited"
            onChange={set('usageLimit')}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
