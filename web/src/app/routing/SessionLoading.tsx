import { Center, Text } from '@chakra-ui/react';

/** While the session check runs, the catch-all shows plain text (spec section 2). */
export function SessionLoading() {
  return (
    <Center minH="100dvh" role="status">
      <Text>Loading</Text>
    </Center>
  );
}
