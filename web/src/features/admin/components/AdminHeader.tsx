import { Badge, Box, Button, Container, Flex } from '@chakra-ui/react';
import { MdLogout } from 'react-icons/md';
import { BrandMark } from '../../../app/layout/BrandMark';
import { useAdminLogout } from '../hooks/use-admin-session';

/** The admin header: the Admin Panel label and Logout ("Logging out..."). */
export function AdminHeader() {
  const { loggingOut, logOut } = useAdminLogout();
  return (
    <Box as="header" bg="asphalt.900" color="white">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex align="center" justify="space-between" minH="16" py="2" gap="4">
          {/* on a phone the label goes under the brand, so Logout keeps its place inside the window */}
          <Flex
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'flex-start', sm: 'center' }}
            gap={{ base: '1', sm: '3' }}
            minW="0"
          >
            <BrandMark inverted />
            <Badge colorPalette="brand" variant="solid">
              Admin Panel
            </Badge>
          </Flex>
          <Button
            flexShrink={0}
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
