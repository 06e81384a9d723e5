import { Badge, Box, Button, Card, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { MdLogout } from 'react-icons/md';
import { BrandMark } from '../../../app/layout/BrandMark';
import { PageContainer } from '../../../app/layout/PageContainer';
import { useAdminLogout } from '../hooks/use-admin-session';
import { RequireAdmin } from './RequireAdmin';

function AdminHeader() {
  const { loggingOut, logOut } = useAdminLogout();
  return (
    <Box as="header" bg="asphalt.900" color="white">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
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

/** /admin: admin sessions only. The dashboard (stats, users, promo codes) arrives with its own issue. */
export function AdminPage() {
  return (
    <RequireAdmin>
      <Box minH="100dvh" bg="bg.subtle">
        <AdminHeader />
        <Box as="main">
          <PageContainer title="Admin Panel" description="You are signed in as an administrator.">
            <Card.Root>
              <Card.Body>
                <Text color="fg.muted">
                  User management, subscription statistics and promo codes will appear here.
                </Text>
              </Card.Body>
            </Card.Root>
          </PageContainer>
        </Box>
      </Box>
    </RequireAdmin>
  );
}
