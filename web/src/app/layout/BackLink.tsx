import { Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MdArrowBack } from 'react-icons/md';
import { Link as RouterLink } from 'react-router';

/** "Back to home", "Back to Sign In": an arrow link to another screen. */
export function BackLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<LinkProps, 'asChild'>) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" {...rest}>
      <RouterLink to={to}>
        <MdArrowBack aria-hidden />
        {children}
      </RouterLink>
    </Link>
  );
}
