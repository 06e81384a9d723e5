import { Accordion, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { MdMail } from 'react-icons/md';
import { BackLink } from '../../../app/layout/BackLink';
import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';
import { FAQ, SUPPORT_EMAIL } from '../faq-content';

/** /faq: ten questions in an accordion that keeps one answer open at a time, and Contact Support. */
export function FaqPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="3xl"
        title="Frequently Asked Questions"
        description="Getting started, Strava, AI analysis, plans and your data: the answers riders ask for most."
        leading={
          <BackLink to="/" mb="4">
            Back to home
          </BackLink>
        }
      >
        <Stack gap="8">
          <Accordion.Root collapsible variant="enclosed" bg="bg" rounded="lg">
            {FAQ.map((entry) => (
              <Accordion.Item key={entry.id} value={entry.id}>
                <Accordion.ItemTrigger py="4" cursor="pointer">
                  <Text as="span" flex="1" textAlign="start" fontSize="md" fontWeight="semibold">
                    {entry.question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <Stack gap="3" color="fg.muted" pb="2">
                      {entry.answer.map((paragraph) => (
                        <Text key={paragraph}>{paragraph}</Text>
                      ))}
                    </Stack>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>

          <Card.Root as="section" aria-labelledby="faq-support-title" textAlign="center">
            <Card.Body gap="3" alignItems="center">
              <Heading as="h2" size="lg" id="faq-support-title">
                Still have questions?
              </Heading>
              <Text color="fg.muted">Our team answers every email, usually within one business day.</Text>
              <Box>
                <Button asChild colorPalette="brand">
                  <a href={`mailto:${SUPPORT_EMAIL}`}>
                    <MdMail aria-hidden />
                    Contact Support
                  </a>
                </Button>
              </Box>
            </Card.Body>
          </Card.Root>
        </Stack>
      </PageContainer>
    </PublicShell>
  );
}
