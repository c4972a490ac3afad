import type { Currency } from './money';

/**
 * The monthly listing subscription (spec, sections 4 and 9). Choosing a plan on
 * /listing-payment is a simulated purchase (no payment is taken); the server records the
 * choice (PUT /api/account/plan) because the plan sets how many photos a listing may carry.
 * The listing wizard receives the plan as /list-property?plan=<id>.
 */
export const planIds = ['basic', 'premium', 'featured'] as const;
export type PlanId = (typeof planIds)[number];

export type ListingPlan = {
  id: PlanId;
  /** The price per month. */
  price: number;
  /** The spec does not name one; $ is the product's default outside Ghana (docs/design.md). */
  currency: Currency;
  /** Photos a property may carry on this plan; null means unlimited. */
  photosPerProperty: number | null;
  /** Properties an account may list on this plan; null means unlimited (every plan). */
  properties: number | null;
  /** The plan shown as "Most Popular". */
  mostPopular: boolean;
};

export const listingPlans: readonly ListingPlan[] = [
  {
    id: 'basic',
    price: 19.99,
    currency: '$',
    photosPerProperty: 10,
    properties: null,
    mostPopular: false,
  },
  {
    id: 'premium',
    price: 39.99,
    currency: '$',
    photosPerProperty: 25,
    properties: null,
    mostPopular: true,
  },
  {
    id: 'featured',
    price: 59.99,
    currency: '$',
    photosPerProperty: null,
    properties: null,
    mostPopular: false,
  },
];

/** How long the simulated purchase "processes" before it succeeds (spec 9: 2 s). */
export const SIMULATED_PAYMENT_DELAY_MS = 2000;

/**
 * Photos a listing may carry: the plan's number, Basic's without a plan, and for the plan
 * without a limit a generous technical ceiling.
 */
export const MAX_LISTING_IMAGES = 100;
export function photoLimitOf(planId: PlanId | null | undefined): number {
  const plan = findPlan(planId) ?? findPlan('basic')!;
  return plan.photosPerProperty ?? MAX_LISTING_IMAGES;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** The plan named by an id (from ?plan=, say), or undefined when there is none by that name. */
export function findPlan(id: string | null | undefined): ListingPlan | undefined {
  return listingPlans.find((plan) => plan.id === id);
}
