import type { ViewingStrings } from '../notifications';

const quoted = (title: string) => (title ? `“${title}”` : '');

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The Chinese words of viewings' e-mails and SMS (../notifications.ts). */
export const zh: ViewingStrings = {
  subject: {
    requested: (title, time) => `看房申请：“${title}”，${time}`,
    confirmed: (title, time) => `看房已确认：“${title}”，${time}`,
    declined: (title) => `看房申请被拒绝：“${title}”`,
    cancelled: (title, time) => `看房已取消：“${title}”，${time}`,
    expired: (title) => `看房申请已过期：“${title}”`,
    no_show_disputed: (title) => `租客表示已到场：“${title}”`,
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
  listingGone: {
    listing_rented: (title, time) => `您在 ${time} 看房“${title}”的预约已取消：该房源已出租。`,
    listing_off: (title, time) =>
      `您在 ${time} 看房“${title}”的预约已取消：发布者已从 Abode 下架该房源。`,
    listing_hidden: (title, time) =>
      `您在 ${time} 看房“${title}”的预约已取消：我们的团队审核期间，该房源已不再在 Abode 上显示。请勿为此向任何人付款。`,
    listing_expired: (title, time) =>
      `您在 ${time} 看房“${title}”的预约已取消：发布者未确认房源仍可出租，房源已过期。`,
    listing_removed: (title, time) =>
      `您在 ${time} 看房“${title}”的预约已取消：该房源已从 Abode 删除。`,
  },
  expired: (title, time) =>
    `您在 ${time} 查看“${title}”的申请未能及时得到答复。请选择其他时间或其他房源。`,
  no_show_disputed: (name, title, time) =>
    `${who(name, '租客')}表示自己参加了 ${time} 的“${title}”看房。您标记的未到场不再计入其记录，对方仍可评价这次看房。`,
  noShow: {
    subject: (title) => `发布者称您未到场看房：“${title}”`,
    said: (name, title, time) =>
      `${who(name, '发布者')}表示您没有参加 ${time} 的“${title}”看房。这会计入其他发布者能看到的记录。`,
    answer: '如果您到场了，请在看房页面说明（“我到场了”）：该标记将不再计入，您仍可评价这次看房。',
    sms: (title, time, link) =>
      `Abode：发布者称您未到${quoted(title)}看房 ${time}，您到了吗？${link}`,
  },
  reminder: {
    evening: (name, title, time, address) =>
      `明天：您${name ? `与 ${name} ` : ''}约好查看“${title}”，${time}，地址：${address}。`,
    soon: (name, title, time, address) =>
      `2 小时后：您${name ? `与 ${name} ` : ''}约好查看“${title}”，${time}，地址：${address}。`,
  },
  place: (street, code) =>
    [street ? `地址：${street}。` : '', code ? `GhanaPost GPS：${code}。` : '']
      .filter(Boolean)
      .join(''),
  calendarAttached: '附带的日历文件可将其添加到您的日历。',
  free: '在 Abode 上预约看房是免费的。切勿为看房付费；如果有人要求您付费，请举报。',
  button: '查看预约',
  calendar: {
    summary: (title) => `看房：${title}`,
    description: (link) => `在 Abode 预约：${link}`,
  },
  sms: {
    listingGone: (title, time, link) => `Abode：${time}看房“${title}”已取消，房源已下架。${link}`,
    // One UCS-2 segment is 70 characters: the link takes a third of them.
    requested: (title, time, link) => `Abode：“${title}”看房申请 ${time} ${link}`,
    // With the GPS code there may be no room for the title: then it is left out (title '').
    confirmed: (title, time, link, where) =>
      `Abode：${quoted(title)}看房已确认 ${time} ${where}${link}`,
    declined: (title, time, link) => `Abode：“${title}”看房被拒 ${time} ${link}`,
    cancelled: (title, time, link) => `Abode：“${title}”看房已取消 ${time} ${link}`,
    expired: (title, time, link) => `Abode：“${title}”看房申请过期 ${time} ${link}`,
    no_show_disputed: (title, time, link) =>
      `Abode：租客称已到${quoted(title)}看房 ${time} ${link}`,
    reminder: (title, time, link, where) =>
      `Abode提醒：${quoted(title)}看房 ${time}，免费 ${where}${link}`,
  },
};
