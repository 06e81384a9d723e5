/** A plan as the plan cards show it (spec section 3). `price` is dollars per month. */
export interface PlanDto {
  id: 'free' | 'pro' | 'elite';
  name: string;
  price: number;
  /** the payment provider's price id; null for Free */
  priceId: string | null;
  description: string;
  features: string[];
  popular: boolean;
  /** Elite is advertised but not purchasable */
  purchasable: boolean;
}
