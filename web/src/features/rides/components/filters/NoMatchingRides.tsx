import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { MdFilterListOff } from 'react-icons/md';

/** The rides page when rides exist but none passes the filters. */
export function NoMatchingRides({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <MdFilterListOff aria-hidden />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">No rides match these filters</EmptyState.Title>
          <EmptyState.Description>Try a wider date range or fewer filters.</EmptyState.Description>
        </VStack>
        <Button variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
