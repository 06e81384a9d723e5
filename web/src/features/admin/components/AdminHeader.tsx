import { Badge, Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { MdLogout } from 'react-icons/md';
import { BrandMark } from '../../../app/layout/BrandMark';
import { useAdminLogout } from '../hooks/use-admin-session';

/** The admin header: the Admin Panel label and Logout ("Logging out..."). */
export function AdminHeader() {
  const { loggingOut, logOut } = useAdminLogout();
  return (
    <Box as="header" bg="asphalt.900" color="white">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex align="center" justify="space-between" minH="16" gap="4">
          <HStack gap="3">
            <BrandMark inverted />
            <Badge colorPalette="brand" variant="solid">
              Admin Panel
            </Badge>
          </HStack>
          <Button
            size="sm"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.600"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={() => void logOut()}
            loading={loggingOut}
            loadingText="Logging out..."
          >
            <MdLogout aria-hidden />
            Logout
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
