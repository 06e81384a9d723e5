import { Avatar } from '@chakra-ui/react';
import { avatarInitial, type NavUser } from './user-display';

/** The profile image if there is one, else the initial of spec section 2. */
export function UserAvatar({ user, size = 'sm' }: { user: NavUser; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Avatar.Root size={size} colorPalette="brand" aria-hidden>
      <Avatar.Fallback fontWeight="bold">{avatarInitial(user)}</Avatar.Fallback>
      {user.profileImageUrl ? <Avatar.Image src={user.profileImageUrl} alt="" /> : null}
    </Avatar.Root>
  );
}
