import type { ViewingStrings } from '../notifications';

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The Chinese words of viewings' e-mails and SMS (../notifications.ts). */
export const zh: ViewingStrings = {
  subject: {
    requested: (title, time) => `看房申请：“${title}”，${time}`,
    confirmed: (title, time) => `看房已确认：“${title}”，${time}`,
    declined: (title) => `看房申请被拒绝：“${title}”`,
    cancelled: (title, time) => `看房已取消：“${title}”，${time}`,
    expired: (title) => `看房申请已过期：“${title}”`,
    reminder: (title, time) => `提醒：“${title}”看房，${time}`,
  },
  requested: (name, title, time) =>
    `${who(name, '一位租客')}希望在 ${time} 查看“${title}”。请在一天内确认或拒绝，否则申请将过期。`,
  confirmed: (name, title, time, address) =>
    `${who(name, '发布者')}已确认您在 ${time} 查看“${title}”，地址：${address}。`,
  confirmedByMe: (name, title, time, address) =>
    `您已确认${name ? ` ${name} ` : ''}在 ${time} 查看“${title}”，地址：${address}。`,
  declined: (name, title, time) => `${who(name, '发布者')}无法在 ${time} 带看“${title}”。`,
  suggested: (time) => `对方提议了另一个时间：${time}。您可以在房源页面预约。`,
  slotTaken: '这个时间已确认给了其他人。',
  cancelled: (name, title, time) => `${who(name, '对方')}取消了 ${time} 的“${title}”看房。`,
  cancelledByMe: (title, time) => `您取消了 ${time} 的“${title}”看房。`,
  expired: (title, time) =>
    `您在 ${time} 查看“${title}”的申请未能及时得到答复。请选择其他时间或其他房源。`,
  reminder: {
    evening: (name, title, time, address) =>
      `明天：您${name ? `与 ${name} ` : ''}约好查看“${title}”，${time}，地址：${address}。`,
    soon: (name, title, time, address) =>
      `2 小时后：您${name ? `与 ${name} ` : ''}约好查看“${title}”，${time}，地址：${address}。`,
  },
  calendarAttached: '附带的日历文件可将其添加到您的日历。',
  free: '在 Abode 上预约看房是免费的。切勿为看房付费；如果有人要求您付费，请举报。',
  button: '查看预约',
  calendar: {
    summary: (title) => `看房：${title}`,
    description: (link) => `在 Abode 预约：${link}`,
  },
  sms: {
    // One UCS-2 segment is 70 characters: the link takes a third of them.
    requested: (title, time, link) => `Abode：“${title}”看房申请 ${time} ${link}`,
    confirmed: (title, time, link) => `Abode：“${title}”看房已确认 ${time} ${link}`,
    declined: (title, time, link) => `Abode：“${title}”看房被拒 ${time} ${link}`,
    cancelled: (title, time, link) => `Abode：“${title}”看房已取消 ${time} ${link}`,
    expired: (title, time, link) => `Abode：“${title}”看房申请过期 ${time} ${link}`,
    reminder: (title, time, link) => `Abode提醒：“${title}”看房 ${time}，免费 ${link}`,
  },
};
