import type { AlertStrings } from '../notifications';

/** The Chinese words of saved-searches's e-mails and SMS (../notifications.ts). */
export const zh: AlertStrings = {
  savedSearchAlert: {
    subject: (name, count) =>
      count === 1 ? `“${name}”有一个新房源` : `“${name}”有 ${count} 个新房源`,
    intro: (name, count) =>
      count === 1
        ? `一个符合您保存的搜索“${name}”的房源已在 Abode 上线：`
        : `${count} 个符合您保存的搜索“${name}”的房源已在 Abode 上线：`,
    periods: { week: '周', month: '月', year: '年' },
    view: '查看房源',
    seeAll: '查看所有结果',
    stop: '停止这些提醒',
    manage: '管理提醒',
  },
  priceDrop: {
    subject: (title) => `降价：“${title}”`,
    dropped: (title, was, now) => `您收藏的“${title}”租金已从 ${was} 降至 ${now}。`,
    view: '查看房源',
  },
  sms: {
    // One UCS-2 segment is 70 characters, two links take 50 of them: the sender id says Abode.
    alertOne: (title, price, link, stop) => `新房源${title} ${price} ${link} 退订${stop}`,
    alertMany: (count, name, link, stop) => `“${name}”${count}个新房源 ${link} 退订${stop}`,
    priceDrop: (title, _was, now, link, stop) => `降价${title}：${now} ${link} 退订${stop}`,
  },
};
