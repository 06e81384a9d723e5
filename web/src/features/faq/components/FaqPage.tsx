import { Link } from '@chakra-ui/react';
import { MdArrowBack } from 'react-icons/md';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';

/** /faq: placeholder until the FAQ issue builds the questions. */
export function FaqPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="3xl"
        title="Frequently Asked Questions"
        description="Answers about getting started, connecting Strava, AI analysis, plans and your data will appear here."
      >
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to="/">
            <MdArrowBack aria-hidden />
            Back to home
          </RouterLink>
        </Link>
      </PageContainer>
    </PublicShell>
  );
}
