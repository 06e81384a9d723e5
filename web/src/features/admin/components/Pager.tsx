import { Button, HStack, Text } from '@chakra-ui/react';

/** Previous / Next for a long table, with "Page X of Y". */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label} justify="flex-end" gap="3" pt="4">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Page {page} of {pages}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}
