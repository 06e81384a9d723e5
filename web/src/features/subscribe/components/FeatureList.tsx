import { List } from '@chakra-ui/react';
import { MdCheck } from 'react-icons/md';

/** A plan's features, each with a check mark. */
export function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <List.Root gap="2" variant="plain" flex="1">
      {features.map((feature) => (
        <List.Item key={feature} alignItems="flex-start">
          <List.Indicator asChild color="green.600">
            <MdCheck aria-hidden />
          </List.Indicator>
          {feature}
        </List.Item>
      ))}
    </List.Root>
  );
}
