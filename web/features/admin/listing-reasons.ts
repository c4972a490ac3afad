import { MAX_HIDE_REASON_LENGTH, rejectBodySchema, visibilityBodySchema } from '#common/admin';
import type { ReasonKind } from '../../components/reason-dialog';

/**
 * The reasons an administrator gives about a listing (components/reason-dialog.tsx), up to 500
 * characters (common/admin.ts: reject and hide reasons alike).
 */

/** Rejecting needs a reason: the owner must know what to fix. */
export const rejectReason: ReasonKind = {
  name: 'reject',
  schema: rejectBodySchema,
  required: true,
  maxLength: MAX_HIDE_REASON_LENGTH,
  texts: {
    title: 'admin.reject.title',
    text: 'admin.reject.text',
    label: 'admin.reject.reasonLabel',
    placeholder: 'admin.reject.placeholder',
    confirm: 'admin.reject.confirm',
    pending: 'admin.reject.rejecting',
    failed: 'admin.toast.rejectFailed',
  },
};

/** Hiding may give one: the owner sees it beside "Hidden by an administrator". */
export const hideReason: ReasonKind = {
  name: 'hide',
  schema: visibilityBodySchema.pick({ reason: true }),
  required: false,
  maxLength: MAX_HIDE_REASON_LENGTH,
  texts: {
    title: 'admin.hide.title',
    text: 'admin.hide.text',
    label: 'admin.hide.reasonLabel',
    placeholder: 'admin.hide.placeholder',
    confirm: 'admin.hide.confirm',
    pending: 'admin.hide.hiding',
    failed: 'admin.toast.visibilityFailed',
  },
};
