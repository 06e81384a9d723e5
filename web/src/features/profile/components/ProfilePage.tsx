import { PageContainer } from '../../../app/layout/PageContainer';

/** /profile: placeholder until the profile issue. */
export function ProfilePage() {
  return (
    <PageContainer
      title="Profile & Settings"
      description="Manage your profile, your subscription and your connected Strava account here."
    />
  );
}
