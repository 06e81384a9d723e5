import { Link } from '@chakra-ui/react';
import { MdArrowBack } from 'react-icons/md';
import { Link as RouterLink } from 'react-router';

export function BackToSignIn() {
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to="/auth">
        <MdArrowBack aria-hidden />
        Back to Sign In
      </RouterLink>
    </Link>
  );
}
