import { Box, Card, Center, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BrandMark } from '../../../app/layout/BrandMark';
import { AuthForm } from './AuthForm';

/** /auth: sign in or create an account. `?mode=register` opens it in create-account mode. */
export function AuthPage() {
  const [params] = useSearchParams();
  const initialMode = params.get('mode') === 'register' ? 'register' : 'signIn';

  return (
    <Box
      minH="100dvh"
      bgGradient="to-br"
      gradientFrom="asphalt.50"
      gradientTo="brand.50"
      px="4"
      py={{ base: '8', md: '16' }}
    >
      <Center>
        <Stack gap="6" w="full" maxW="md" align="center">
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <RouterLink to="/" aria-label="Domestique home">
              <BrandMark />
            </RouterLink>
          </Link>
          <Card.Root as="main" w="full" shadow="lg" rounded="2xl" borderWidth="0">
            <Card.Body p={{ base: '6', md: '8' }}>
              {/* the key remounts the form when the link switches mode while the page is open */}
              <AuthForm key={initialMode} initialMode={initialMode} />
            </Card.Body>
          </Card.Root>
        </Stack>
      </Center>
    </Box>
  );
}
