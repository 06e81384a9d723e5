import { Box, Card, Center, Heading, Icon, Link, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from './BrandMark';

/** The frame of the account screens (sign in, password reset, admin sign-in): the brand above a card. */
export function AuthShell({ children }: { children: ReactNode }) {
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
            <Card.Body p={{ base: '6', md: '8' }}>{children}</Card.Body>
          </Card.Root>
        </Stack>
      </Center>
    </Box>
  );
}

/** The screen's one h1 and a line under it. */
export function AuthHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <Stack gap="1" textAlign="center">
      <Heading as="h1" size="2xl" color="asphalt.900" letterSpacing="-0.02em">
        {title}
      </Heading>
      {lead ? <Text color="fg.muted">{lead}</Text> : null}
    </Stack>
  );
}

/** A screen that reports an outcome ("Check Your Email", "Password Reset Complete") and what to do next. */
export function AuthOutcome({
  icon,
  iconColor,
  title,
  lead,
  children,
}: {
  icon: IconType;
  iconColor: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthShell>
      <Stack gap="6" align="center" textAlign="center">
        <Icon as={icon} boxSize="12" color={iconColor} aria-hidden />
        <AuthHeading title={title} lead={lead} />
        {children}
      </Stack>
    </AuthShell>
  );
}
