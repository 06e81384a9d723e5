import { describe, expect, it } from '@jest/globals';
import { decodeForm } from '../form.js';

describe("decodeForm (Stripe's nested-bracket encoding)", () => {
  it('decodes nested objects, indexed arrays and plain values', () => {
    const encoded =
      'mode=subscription&line_items[0][price]=price_pro&line_items[0][quantity]=1' +
      '&discounts[0][coupon]=C90&subscription_data[metadata][userId]=u-1' +
      '&subscription_data[trial_period_days]=30&expand[0]=subscription&expand[1]=customer' +
      '&metadata[note]=a%26b%20c';
    expect(decodeForm(encoded)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_pro', quantity: '1' }],
      discounts: [{ coupon: 'C90' }],
      subscription_data: { metadata: { userId: 'u-1' }, trial_period_days: '30' },
      expand: ['subscription', 'customer'],
      metadata: { note: 'a&b c' },
    });
  });

  it('orders arrays by index, accepts empty brackets and percent-encoded brackets', () => {
    expect(decodeForm('expand[1]=b&expand[0]=a')).toEqual({ expand: ['a', 'b'] });
    expect(decodeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(decodeForm('metadata%5Bk%5D=v')).toEqual({ metadata: { k: 'v' } });
    expect(decodeForm('items[0][price]=p&items[10][price]=q&items[2][price]=r')).toEqual({
      items: [{ price: 'p' }, { price: 'r' }, { price: 'q' }],
    });
  });

  it('keeps empty values (Stripe uses them to unset fields)', () => {
    expect(decodeForm('description=&metadata[a]=')).toEqual({ description: '', metadata: { a: '' } });
    expect(decodeForm('')).toEqual({});
  });
});
