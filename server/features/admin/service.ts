export { approveListing, dashboardLink, rejectListing } from './review';

export {
  deleteAsAdmin,
  featuredForAdmin,
  listAdminProperties,
  reorderFeatured,
  setFeatured,
  setVisibility,
} from './listings';
export {
  grantAdministrator,
  listAdministrators,
  listAudit,
  revokeAdministrator,
} from './administrators';
export { recordAudit } from './audit';
/** The audit log, for the features whose tests read what they recorded. */
export { auditLog } from './schema';
