import { Button, Card, DataList, Heading, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { MdEdit } from 'react-icons/md';
import type { SessionUser } from '../../../app/session/session.graphql';
import { longDate, profileName } from '../profile-format';
import { ProfileNameForm } from './ProfileNameForm';

/** Spec section 2: Name (or "Not set"), Email, Member Since; Edit opens the name form. */
export function ProfileInformationCard({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card.Root as="section" aria-labelledby="profile-information-title">
      <Card.Header>
        <HStack justify="space-between" gap="4">
          <Heading as="h2" size="lg" id="profile-information-title">
            Profile Information
          </Heading>
          {editing ? null : (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <MdEdit aria-hidden />
              Edit
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <ProfileNameForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="4">
            <DataList.Item>
              <DataList.ItemLabel>Name</DataList.ItemLabel>
              <DataList.ItemValue>{profileName(user.firstName, user.lastName)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{user.email}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Member Since</DataList.ItemLabel>
              <DataList.ItemValue>{longDate(user.createdAt)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
