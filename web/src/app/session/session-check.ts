import type { MeQuery } from '../../gql/graphql';

/**
 * Every user field the web reads; one fragment so the cache always holds the whole user. Written as
 * text, so the session check below sends it without Apollo; codegen types it (`SessionUserFieldsFragment`)
 * and session.graphql.ts hands Apollo the generated document. With the type name Apollo's cache
 * needs, which Apollo would add itself.
 */
export const USER_FIELDS_TEXT = /* GraphQL */ `
  fragment SessionUserFields on User {
    __typename
    id
    email
    firstName
    lastName
    profileImageUrl
    createdAt
    subscriptionTier
    stripeCustomerId
    stravaId
  }
`;

/** The session check's query; for Apollo, session.graphql.ts exports its generated document as ME_QUERY. */
export const ME_QUERY_TEXT = /* GraphQL */ `
  query Me {
    me {
      ...SessionUserFields
    }
  }
  ${USER_FIELDS_TEXT}
`;

const ME_REQUEST = JSON.stringify({ operationName: 'Me', query: ME_QUERY_TEXT, variables: {} });

/**
 * The session check (`me`) as a plain request, started before Apollo's code has downloaded so the
 * two overlap. Like the Apollo query it stands for, a failed check (no server, 503, errors) counts
 * as signed out: it never rejects and answers null.
 */
export const startSessionCheck = (fetchFn: typeof fetch = fetch): Promise<MeQuery['me']> =>
  fetchFn('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json,application/json;q=0.9',
    },
    body: ME_REQUEST,
  })
    .then(async (response) =>
      response.ok ? ((await response.json()) as { data?: Partial<MeQuery> | null }) : null,
    )
    .then((body) => body?.data?.me ?? null)
    .catch(() => null);
