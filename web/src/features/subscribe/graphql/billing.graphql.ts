import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CheckoutSessionDto,
  PlanDto,
  PortalSessionDto,
  PromoValidationDto,
  SubscriptionDto,
  WaitlistDto,
} from '@domestique/proto';

export type Plan = PlanDto;
export type AppliedPromo = PromoValidationDto;
export type BillingSubscription = SubscriptionDto;

export const PLANS_QUERY: TypedDocumentNode<{ plans: Plan[] }, Record<string, never>> = gql`
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
`;

export const VALIDATE_PROMO_MUTATION: TypedDocumentNode<
  { validatePromoCode: AppliedPromo },
  { code: string }
> = gql`
  mutation ValidatePromoCode($code: String!) {
    validatePromoCode(code: $code) {
      code
      discountType
      discountValue
      message
    }
  }
`;

export const CREATE_CHECKOUT_SESSION_MUTATION: TypedDocumentNode<
  { createCheckoutSession: CheckoutSessionDto },
  { priceId: string; promoCode: string | null }
> = gql`
  mutation CreateCheckoutSession($priceId: String!, $promoCode: String) {
    createCheckoutSession(priceId: $priceId, promoCode: $promoCode) {
      sessionId
      url
    }
  }
`;

export const CREATE_PORTAL_SESSION_MUTATION: TypedDocumentNode<
  { createPortalSession: PortalSessionDto },
  Record<string, never>
> = gql`
  mutation CreatePortalSession {
    createPortalSession {
      url
    }
  }
`;

const SUBSCRIPTION_FIELDS = gql`
  fragment BillingSubscriptionFields on BillingSubscription {
    tier
    status
    priceId
    cancelAtPeriodEnd
    currentPeriodEnd
  }
`;

export const MY_SUBSCRIPTION_QUERY: TypedDocumentNode<
  { mySubscription: BillingSubscription | null },
  Record<string, never>
> = gql`
  query MySubscription {
    mySubscription {
      ...BillingSubscriptionFields
    }
  }
  ${SUBSCRIPTION_FIELDS}
`;

export const CANCEL_SUBSCRIPTION_MUTATION: TypedDocumentNode<
  { cancelSubscription: { message: string; subscription: BillingSubscription } },
  Record<string, never>
> = gql`
  mutation CancelSubscription {
    cancelSubscription {
      message
      subscription {
        ...BillingSubscriptionFields
      }
    }
  }
  ${SUBSCRIPTION_FIELDS}
`;

export const JOIN_ELITE_WAITLIST_MUTATION: TypedDocumentNode<
  { joinEliteWaitlist: WaitlistDto },
  { email: string }
> = gql`
  mutation JoinEliteWaitlist($email: String!) {
    joinEliteWaitlist(email: $email) {
      message
    }
  }
`;
