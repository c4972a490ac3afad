/**
 * What other features use of the exchange rate (issue 20): the card of the admin panel's
 * Settings tab that shows and sets it. Renters' pages read the rate through properties.
 */
export { ExchangeRateCard } from './exchange-rate-card';
