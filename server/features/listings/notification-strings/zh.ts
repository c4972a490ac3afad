import type { FreshnessStrings } from '../notifications';

/** The Chinese words of listings' e-mails and SMS (../notifications.ts). */
export const zh: FreshnessStrings = {
  listingConfirmReminder: {
    subject: '您的房源仍然可租吗？',
    ask: (title) => `租客信任 Abode，因为每个房源每月都会确认一次。“${title}”仍然可租吗？`,
    expires: (date) => `如果没有回复，它将于 ${date} 从搜索中移除。点一下即可，无需登录。`,
    available: '是的，仍然可租',
    rented: '已经租出',
  },
  listingExpired: {
    subject: '您的房源已从搜索中移除',
    expired: (title) => `“${title}”已有 30 天未确认可租，租客已搜索不到它。`,
    renew: '如果仍然可租，请在控制台一键续期：无需重新审核即可恢复。',
    button: '续期我的房源',
  },
  sms: {
    // One UCS-2 segment is 70 characters, two links take 48 of them: the sender id says Abode.
    confirmReminder: (title, availableLink, rentedLink) =>
      `“${title}”仍可租吗？是：${availableLink} 已租出：${rentedLink}`,
    expired: (title, link) => `Abode：“${title}”已从搜索中移除（未确认）。续期：${link}`,
  },
};
