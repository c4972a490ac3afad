import type { ReviewStrings } from '../notifications';

/** 评价相关邮件和短信的中文文字（../notifications.ts）。 */
export const zh: ReviewStrings = {
  invitation: {
    subject: (title) => `您对“${title}”的看房体验如何？`,
    ask: (title) => `您昨天去看了“${title}”。感觉如何？`,
    questions: '对下一位租客最重要的两个问题：房子与房源描述是否一致？看房前是否有人向您要钱？',
    why: '只有在 Abode 上预约看房的租客才能评价，所以您的回答很有价值。您有 30 天时间。',
    phoneNeeded:
      '评价需要已验证的手机号码，以确保每位租客只评价一次：点击按钮即可添加并验证您的号码，然后返回评价页面。',
    button: '评价这次看房',
    sms: (title, link) => `Abode：看房“${title}”如何？去评价：${link}`,
  },
  decision: {
    subjectHidden: '您的评价已被隐藏',
    subjectRestored: '您的评价已重新显示',
    hidden: (title) => `我们的团队审核了您对“${title}”的评价并将其隐藏：它不再显示在 Abode 上。`,
    restored: (title) => `我们的团队审核了您对“${title}”的评价：它已重新显示在 Abode 上。`,
    reason: '理由：',
    sms: {
      hidden: (title) => `Abode：您对“${title}”的评价已被隐藏。`,
      restored: (title) => `Abode：您对“${title}”的评价已重新显示。`,
    },
  },
};
