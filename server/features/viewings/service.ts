/**
 * What other parts of the server use of viewings: the demo seed gives its listings viewing
 * hours to book; reviews (issue 40) rest on viewings, and their notices reach people as
 * viewings' do.
 */
export { viewingHours, viewings, type ViewingRow } from './schema';
export { contactOf, deliver } from './notify';
export { zonedIso } from './slots';
// Tests of reviews move a viewing into the past, as the journeys' development route does.
export { moveViewingEarlier } from './reminders';
