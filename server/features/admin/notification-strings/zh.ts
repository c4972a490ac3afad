import type { ReviewStrings } from '../notifications';

/** The Chinese words of admin's e-mails and SMS (../notifications.ts). */
export const zh: ReviewStrings = {
  listingApproved: {
    subject: '您的房源已通过审核',
    live: (title) => `好消息：管理员已审核通过“${title}”。房源处于启用状态时即会上线。`,
    button: '查看我的房源',
  },
  listingRejected: {
    subject: '您的房源需要修改',
    notApproved: (title) => `管理员暂未通过“${title}”的照片审核。`,
    reason: '原因：',
    next: '请在编辑页面更换照片并保存，房源将重新提交审核。',
    button: '打开我的控制台',
  },
  listingChangesRejected: {
    subject: '您的修改未通过审核',
    notApproved: (title) => `管理员未通过您对“${title}”的修改。`,
    reason: '原因：',
    kept: '租客看到的仍是已批准的房源。您可以再次编辑并保存，提交新的修改。',
    button: '打开我的控制台',
  },
  sms: {
    approved: (title, link) => `Abode：“${title}”已通过审核。${link}`,
    changesRejected: (title, reason, link) =>
      `Abode：您对“${title}”的修改未通过审核：${reason}。已批准的房源保持上线。${link}`,
    rejected: (title, reason, link) => `Abode：“${title}”未通过审核：${reason} ${link}`,
  },
};
