/**
 * What other features use of accounts (docs/design.md, import boundaries): the listing plans
 * page records the plan chosen.
 */
export { useChoosePlan } from './api';
