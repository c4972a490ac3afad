import type { ReportStrings } from '../notifications';

/** The Chinese words of reports's e-mails and SMS (../notifications.ts). */
export const zh: ReportStrings = {
  listingHiddenForReports: {
    subject: '您的房源因举报审核而暂时隐藏',
    hidden: (title) =>
      `多位租客举报了“${title}”，在我们的团队审核举报期间，该房源已在 Abode 上隐藏。`,
    next: '我们会告知您审核结果。您仍可编辑房源；如认为举报有误，请通过支持页面联系我们。',
    button: '打开我的控制台',
  },
  listingRemoved: {
    subject: '您的房源已被移除',
    removed: (title) => `我们的团队审核了租客对“${title}”的举报，并已将其从 Abode 移除。`,
    reason: '原因：',
    button: '打开我的控制台',
  },
  reportOutcome: {
    subject: '关于您举报的房源',
    removed: (title) => `感谢您的举报。我们审核了“${title}”，并已将其从 Abode 移除。`,
    kept: (title) =>
      `感谢您的举报。我们审核了“${title}”，未发现违反规则之处，该房源将继续保留在 Abode 上。`,
    advice: '在亲自看房并见到发布者之前，切勿支付看房费、押金或租金。',
  },
  sms: {
    hiddenForReports: (title, link) => `Abode：“${title}”因租客举报正在审核，暂时隐藏。${link}`,
    removed: (title, reason, link) => `Abode：“${title}”已被移除：${reason} ${link}`,
    reportRemoved: (title) => `Abode：感谢您的举报，“${title}”已被移除。`,
    reportKept: (title) => `Abode：感谢您的举报。经审核，“${title}”将继续保留。`,
  },
};
