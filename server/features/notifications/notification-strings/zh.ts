import type { DigestStrings } from '../notifications';

/** 每日汇总的中文（../notifications.ts）。 */
export const zh: DigestStrings = {
  subject: (total) => `今天 Abode 另有 ${total} 条通知`,
  intro: (cap) =>
    `Abode 通过这一渠道每天最多给您发送 ${cap} 条通知，以免有人借此向您刷屏。以下通知在此之后到达，每一条都在应用中等您查看：`,
  count: {
    viewings: (n) => `${n} 条看房通知（请求、回复或提醒）`,
    messages: (n) => `${n} 条消息通知`,
    reviews: (n) => `${n} 条评价通知`,
    listings: (n) => `${n} 条关于您房源的通知`,
    alerts: (n) => `${n} 条搜索或降价提醒`,
  },
  button: '打开 Abode',
  settings: '您可以在账户设置中选择哪些通知通过邮件或短信发送给您。',
  settingsLink: '通知设置',
  sms: (total, counts, link) => `Abode：今天另有${total}条通知：${counts}。查看：${link}`,
  smsCount: {
    viewings: (n) => `${n}条看房`,
    messages: (n) => `${n}条消息`,
    reviews: (n) => `${n}条评价`,
    listings: (n) => `${n}条房源`,
    alerts: (n) => `${n}条提醒`,
  },
  listSeparator: '、',
};
