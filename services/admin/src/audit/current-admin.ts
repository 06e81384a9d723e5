import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { requestOf, unauthenticated } from '@domestique/common';

export interface CurrentAdminInfo {
  adminId: string;
  username: string;
}

/** The signed-in admin; use on handlers whose access rule is `admin`. */
export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CurrentAdminInfo => {
    const identity = requestOf(context).identity;
    if (identity?.role !== 'admin') throw unauthenticated();
    return { adminId: identity.adminId, username: identity.username };
  },
);
