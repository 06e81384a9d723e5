import { Box, SegmentGroup } from '@chakra-ui/react';

export interface PickerOption<K extends string> {
  key: K;
  label: string;
  /** a shorter label for phones (the full one from the `sm` breakpoint up) */
  short?: string;
}

/**
 * A choice of a few options (a range, a period, W or W/kg): a radio group, so Tab reaches it once and
 * the arrow keys move the choice, as for any set of radio buttons.
 */
export function OptionPicker<K extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** the group's accessible name ("Range") */
  label: string;
  options: readonly PickerOption<K>[];
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <SegmentGroup.Root
      size="sm"
      value={value}
      onValueChange={(details) => {
        const picked = options.find((option) => option.key === details.value);
        if (picked) onChange(picked.key);
      }}
      aria-label={label}
      maxW="full"
    >
      <SegmentGroup.Indicator />
      {options.map((option) => (
        <SegmentGroup.Item key={option.key} value={option.key}>
          <SegmentGroup.ItemText>
            {option.short ? (
              <>
                <Box as="span" hideBelow="sm">
                  {option.label}
                </Box>
                <Box as="span" hideFrom="sm">
                  {option.short}
                </Box>
              </>
            ) : (
              option.label
            )}
          </SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
