import { Container, Heading, Stack, Text, type ContainerProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageContainerProps extends Omit<ContainerProps, 'title'> {
  title: string;
  description?: ReactNode;
  /** shown above the title, e.g. a Go Back button */
  leading?: ReactNode;
  children?: ReactNode;
}

/** A page's main column: its one h1, an optional lead line, then the content. */
export function PageContainer({ title, description, leading, children, ...rest }: PageContainerProps) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }} {...rest}>
      {leading}
      <Stack gap="2" mb="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="asphalt.900" letterSpacing="-0.02em">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Container>
  );
}
