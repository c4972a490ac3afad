import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cleanPrice } from '#common/listing-rules';
import { formatMoney } from '#common/money';
import { MAX_ADVANCE_MONTHS, moveInCost, type MoveInCost } from '#common/move-in';
import { moveInTermsOf, type ListingFormValues } from './listing-form';

/**
 * "Move-in cost: GH₵ X" as the owner types (issue 20), computed by the very function the
 * server's figure comes from (common/move-in.ts), so that the owner sees what renters will.
 */
export function MoveInPreview({ form }: { form: UseFormReturn<ListingFormValues> }) {
  const { t, i18n } = useTranslation();
  // Every field, so the line follows each keystroke; the form is small.
  const values = useWatch({ control: form.control }) as ListingFormValues;
  const cost = previewOf(values);
  if (!cost) {
    return <p className="text-sm text-muted-foreground">{t('moveInForm.previewPending')}</p>;
  }
  const money = (amount: number) => formatMoney(amount, values.currency, i18n.language);
  return (
    <div className="rounded-md bg-muted/60 p-3 text-sm">
      <p className="font-semibold">{t('moveInForm.preview', { amount: money(cost.total) })}</p>
      {cost.total > 0 ? (
        <p className="text-muted-foreground">
          {t('moveInForm.previewParts', {
            // The advance, or the first rent payment when none is asked (decision 026).
            advance: money(cost.advance + cost.firstRent),
            deposit: money(cost.deposit),
            fee: money(cost.agentFee),
          })}
        </p>
      ) : null}
    </div>
  );
}

const isAmount = (value: number | null) => value !== null && Number.isFinite(value) && value >= 0;

/**
 * The move-in cost of what is typed, or undefined while the rent or a term is not a number
 * yet: moveInCost counts in exact whole cents (BigInt), which a NaN or a fraction of a month
 * cannot be. Limits beyond that are the schema's, shown beside the fields.
 */
function previewOf(values: ListingFormValues): MoveInCost | undefined {
  if (!values.price?.trim()) return undefined;
  const price = cleanPrice(values.price);
  const terms = moveInTermsOf(values);
  const months = terms.advanceMonths;
  const valid =
    isAmount(price) &&
    Number.isInteger(months) &&
    months >= 0 &&
    months <= MAX_ADVANCE_MONTHS &&
    isAmount(terms.depositAmount) &&
    isAmount(terms.agentFee.value);
  if (!valid) return undefined;
  return moveInCost({
    price,
    pricingPeriod: values.pricingPeriod,
    advanceMonths: months,
    depositAmount: terms.depositAmount,
    agentFee: terms.agentFee,
  });
}
