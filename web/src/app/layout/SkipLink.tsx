import { Link } from '@chakra-ui/react';

/** The first stop of the Tab key: past the navigation, straight to the page (hidden until focused). */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <Link
      href={`#${target}`}
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipLink"
      px="4"
      py="2"
      rounded="md"
      bg="bg"
      color="brand.fg"
      fontWeight="semibold"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
    >
      Skip to main content
    </Link>
  );
}
