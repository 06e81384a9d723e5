import { graphql } from '../../../gql';
import type { PromoValidationDto } from '@domestique/proto';
import { protoTyped, type ProtoTyped } from '../../../app/proto-typed';
import type { PlansQuery, ValidatePromoCodeMutation } from '../../../gql/graphql';

export type Plan = PlansQuery['plans'][number];
export type AppliedPromo = ProtoTyped<ValidatePromoCodeMutation['validatePromoCode'], PromoValidationDto>;

export const PLANS_QUERY = graphql(`
  query Plans {
    plans {
      id
      name
      price
      priceId
      description
      features
      popular
      purchasable
    }
  }
`);

export const VALIDATE_PROMO_MUTATION = protoTyped<{ validatePromoCode: PromoValidationDto }>()(
  graphql(`
    mutation ValidatePromoCode($code: String!) {
      validatePromoCode(code: $code) {
        code
        discountType
        discountValue
        message
      }
    }
  `),
);

export const CREATE_CHECKOUT_SESSION_MUTATION = graphql(`
  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {
    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {
      sessionId
      url
    }
  }
`);

export const CREATE_PORTAL_SESSION_MUTATION = graphql(`
  mutation CreatePortalSession {
    createPortalSession {
      url
    }
  }
`);

export const SUBSCRIPTION_FIELDS = graphql(`
  fragment BillingSubscriptionFields on BillingSubscription {
    tier
    status
    priceId
    cancelAtPeriodEnd
    currentPeriodEnd
  }
`);

export const MY_SUBSCRIPTION_QUERY = graphql(`
  query MySubscription {
    mySubscription {
      ...BillingSubscriptionFields
    }
  }
`);

export const CANCEL_SUBSCRIPTION_MUTATION = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      message
      subscription {
        ...BillingSubscriptionFields
      }
    }
  }
`);

export const JOIN_ELITE_WAITLIST_MUTATION = graphql(`
  mutation JoinEliteWaitlist($email: String!) {
    joinEliteWaitlist(email: $email) {
      message
    }
  }
`);
