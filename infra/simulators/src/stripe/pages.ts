import type { CheckoutSessionRecord, CouponRecord, PriceRecord, SubscriptionRecord } from './records.js';

/** The simulator's hosted pages (Checkout and the customer portal): plain HTML forms, no script. */
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const money = (cents: number, currency = 'usd'): string =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;

const date = (timestamp: number): string =>
  new Date(timestamp * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 2px 12px rgba(26, 31, 54, .12); }
  .test { display: inline-block; background: #ffde92; color: #5c3b00; font-size: .75rem; font-weight: 700;
          border-radius: 4px; padding: .1rem .4rem; margin-bottom: 1rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .price { font-size: 2rem; font-weight: 700; margin: .5rem 0 1rem; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .5rem; margin: 1rem 0; }
  dt { color: #4f566b; } dd { margin: 0; text-align: right; }
  .total { font-weight: 700; border-top: 1px solid #e3e8ee; padding-top: .5rem; }
  .error { background: #fde8e8; color: #9b1c1c; border-radius: 6px; padding: .75rem; margin: 1rem 0; }
  .note { color: #4f566b; font-size: .9rem; }
  form { display: inline; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button, a.button { font: inherit; font-weight: 600; border-radius: 6px; padding: .7rem 1.2rem; cursor: pointer;
           border: 1px solid #cfd7df; background: #fff; color: #1a1f36; text-decoration: none; }
  button.primary { background: #635bff; border-color: #635bff; color: #fff; }
  button.danger { background: #df1b41; border-color: #df1b41; color: #fff; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
</style>
</head>
<body><main>
<span class="test">TEST MODE · Stripe simulator</span>
${body}
</main></body>
</html>`;

export interface CheckoutView {
  session: CheckoutSessionRecord;
  price: PriceRecord;
  coupon: CouponRecord | null;
  recurring: number;
  discount: number;
  total: number;
}

const couponLabel = (coupon: CouponRecord): string =>
  coupon.percentOff !== null
    ? `${coupon.percentOff}% off`
    : `${money(coupon.amountOff ?? 0, coupon.currency ?? 'usd')} off`;

/** The hosted Checkout page: the plan, its price, the discount or trial, Pay and Cancel. */
export const checkoutPage = (view: CheckoutView, error?: string): string => {
  const { session, price, coupon } = view;
  const per = `per ${price.interval}`;
  if (session.status !== 'open') {
    return layout(
      'Checkout',
      `<h1>${escapeHtml(price.productName)}</h1>
<p>${session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired.'}</p>
${session.status === 'complete' ? `<p><a class="button" href="${escapeHtml(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : ''}`,
    );
  }
  const rows = [
    `<dt>${escapeHtml(price.productName)}</dt><dd>${money(view.recurring, price.currency)} ${per}</dd>`,
    session.trialPeriodDays ? `<dt>Free trial</dt><dd>${session.trialPeriodDays} days free</dd>` : '',
    coupon && view.discount > 0
      ? `<dt>${escapeHtml(coupon.name ?? coupon.id)} (${couponLabel(coupon)}${coupon.duration === 'once' ? ', first payment' : ''})</dt><dd>−${money(view.discount, price.currency)}</dd>`
      : '',
    `<dt class="total">Total due today</dt><dd class="total">${money(view.total, price.currency)}</dd>`,
  ].join('\n');
  const then = session.trialPeriodDays
    ? `<p class="note">After your trial: ${money(view.recurring, price.currency)} ${per}.</p>`
    : coupon && view.discount > 0
      ? `<p class="note">Then ${money(view.recurring, price.currency)} ${per}.</p>`
      : '';
  return layout(
    `Subscribe to ${price.productName}`,
    `<h1>Subscribe to ${escapeHtml(price.productName)}</h1>
<div class="price">${money(view.recurring, price.currency)} <span class="note">${per}</span></div>
${session.customerEmail ? `<p class="note">Billed to ${escapeHtml(session.customerEmail)}</p>` : ''}
<dl>${rows}</dl>
${then}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p class="note">Test card 4242 4242 4242 4242 is used for you.</p>
<div class="actions">
  <form method="post" action="/c/pay/${escapeHtml(session.id)}/confirm"><button class="primary" type="submit">Pay</button></form>
  ${session.cancelUrl ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel</button></form>` : ''}
</div>`,
  );
};

/** The customer portal: each plan with Cancel plan (at period end) or Don't cancel, and Return. */
export const portalPage = (
  portalId: string,
  returnUrl: string | null,
  subscriptions: { subscription: SubscriptionRecord; price: PriceRecord }[],
): string => {
  const plans = subscriptions.length
    ? subscriptions
        .map(({ subscription, price }) => {
          const status = subscription.cancelAtPeriodEnd
            ? `Cancels on ${date(subscription.currentPeriodEnd)}`
            : subscription.status === 'trialing'
              ? `Trial ends on ${date(subscription.currentPeriodEnd)}`
              : subscription.status === 'past_due'
                ? 'Payment failed: past due'
                : `Renews on ${date(subscription.currentPeriodEnd)}`;
          const action = subscription.cancelAtPeriodEnd
            ? `<button type="submit" name="action" value="renew">Don't cancel</button>`
            : `<button class="danger" type="submit" name="action" value="cancel">Cancel plan</button>`;
          return `<section aria-label="${escapeHtml(price.productName)}">
<h2>${escapeHtml(price.productName)}</h2>
<div class="price">${money(price.unitAmount * subscription.quantity, price.currency)} <span class="note">per ${price.interval}</span></div>
<p class="note" data-testid="subscription-status">${status}</p>
<form method="post" action="/p/session/${escapeHtml(portalId)}/subscriptions/${escapeHtml(subscription.id)}">${action}</form>
</section>`;
        })
        .join('\n')
    : '<p>You have no active plan.</p>';
  return layout(
    'Manage your subscription',
    `<h1>Manage your subscription</h1>
${plans}
${returnUrl ? `<div class="actions"><a class="button" href="${escapeHtml(returnUrl)}">Return to Domestique</a></div>` : ''}`,
  );
};

export const messagePage = (title: string, message: string): string =>
  layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
