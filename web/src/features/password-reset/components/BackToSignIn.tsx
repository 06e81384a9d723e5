import { BackLink } from '../../../app/layout/BackLink';

export function BackToSignIn() {
  return (
    <BackLink to="/auth" alignSelf="center">
      Back to Sign In
    </BackLink>
  );
}
