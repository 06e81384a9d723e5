import type { UserDto } from '@domestique/proto';

/** "Welcome back, {first name or Cyclist}!" (spec section 2, Dashboard). */
export function greetingName(user: Pick<UserDto, 'firstName'> | null | undefined): string {
  const firstName = user?.firstName?.trim();
  return firstName ? firstName : 'Cyclist';
}

export const dashboardGreeting = (user: Pick<UserDto, 'firstName'> | null | undefined): string =>
  `Welcome back, ${greetingName(user)}!`;
