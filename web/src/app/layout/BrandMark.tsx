import { HStack, Icon, Text } from '@chakra-ui/react';
import { MdDirectionsBike } from 'react-icons/md';

/** The product name with its bike mark; wrap it in a link where it should lead home. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2" color={inverted ? 'white' : 'asphalt.900'}>
      <Icon as={MdDirectionsBike} aria-hidden boxSize="8" p="1.5" rounded="lg" bg="brand.600" color="white" />
      <Text as="span" fontWeight="800" fontSize="xl" letterSpacing="-0.02em">
        Domestique
      </Text>
    </HStack>
  );
}
