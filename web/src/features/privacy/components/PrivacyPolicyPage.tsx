import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { BackLink } from '../../../app/layout/BackLink';
import { PageContainer } from '../../../app/layout/PageContainer';
import { PublicShell } from '../../../app/layout/PublicShell';
import { LAST_UPDATED, POLICY } from '../privacy-policy';

/** /privacy-policy (spec section 2). */
export function PrivacyPolicyPage() {
  return (
    <PublicShell>
      <PageContainer
        maxW="3xl"
        title="Privacy Policy"
        description={`Last updated ${LAST_UPDATED}`}
        leading={
          <BackLink to="/" mb="4">
            Back to home
          </BackLink>
        }
      >
        <Stack gap="8" bg="bg" rounded="lg" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Text>
            Domestique is an AI cycling coach. This policy explains what we collect when you use it, why, how
            we protect it, who helps us run the service, and the rights you have over your data.
          </Text>
          {POLICY.map((section) => (
            <Box as="section" key={section.id} aria-labelledby={`policy-${section.id}`}>
              <Heading as="h2" size="lg" id={`policy-${section.id}`} mb="3" color="asphalt.900">
                {section.title}
              </Heading>
              <Stack gap="3">
                {section.intro ? <Text>{section.intro}</Text> : null}
                {section.items ? (
                  <List.Root gap="2" ps="5">
                    {section.items.map(([term, text]) => (
                      <List.Item key={term}>
                        <Text as="span" fontWeight="semibold">
                          {term}:
                        </Text>{' '}
                        {text}
                      </List.Item>
                    ))}
                  </List.Root>
                ) : null}
                {section.paragraphs?.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </PageContainer>
    </PublicShell>
  );
}
