import type { Strings } from './types';

/** The Chinese words of every e-mail and SMS. */
export const zh: Strings = {
  hello: (name) => (name ? `${name}，您好：` : '您好：'),
  linkFallback: '如果按钮无法使用，请将以下地址复制到浏览器中打开：',
  footer: '此邮件由 Abode 自动发送，请勿直接回复。',
  codeIs: (code) => `您的验证码是 ${code}，10 分钟内有效。`,
  emailVerification: {
    subject: '您的 Abode 验证码',
    enterIt: '请在验证页面输入该验证码：',
    button: '验证我的邮箱',
    notYou: '如果您没有注册 Abode 账户，请忽略此邮件。',
  },
  phoneVerification: { subject: '您的 Abode 验证码' },
  passwordReset: {
    subject: '重置您的 Abode 密码',
    requested: '我们收到了重置您密码的请求。请在此设置新密码：',
    button: '重置密码',
    once: '该链接仅可使用一次，30 分钟内有效。',
    notYou: '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
  },
  passwordChanged: {
    subject: '您的 Abode 密码已更改',
    changed: '您的 Abode 密码刚刚被更改。',
    notYou: '如果这不是您本人的操作，请立即重置密码：',
    button: '重置密码',
  },
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
  videoReady: {
    subject: '您的视频已就绪',
    ready: (name) => `您的视频“${name}”已审核完毕，可在“我的视频”中下载。`,
    button: '打开我的视频',
  },
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
  verificationDecided: {
    kinds: { identity: '身份', agent_licence: '中介执照' },
    approvedSubject: '您已通过 Abode 认证',
    approved: (kind) =>
      `Abode 已核验您的${kind}。您的房源现在会显示认证标志，让租客知道您是真实可信的。`,
    rejectedSubject: '您的认证未获批准',
    rejected: (kind) => `Abode 暂时无法核验您的${kind}。`,
    reason: '原因：',
    button: '打开我的账户',
  },
  listingConfirmReminder: {
    subject: '您的房源仍然可租吗？',
    ask: (title) => `租客信任 Abode，因为每个房源每月都会确认一次。“${title}”仍然可租吗？`,
    expires: (date) => `如果没有回复，它将于 ${date} 从搜索中移除。点一下即可，无需登录。`,
    available: '是的，仍然可租',
    rented: '已经租出',
  },
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
  listingExpired: {
    subject: '您的房源已从搜索中移除',
    expired: (title) => `“${title}”已有 30 天未确认可租，租客已搜索不到它。`,
    renew: '如果仍然可租，请在控制台一键续期：无需重新审核即可恢复。',
    button: '续期我的房源',
  },
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? '支持' : '联系'}] ${subject}`,
    intro: (source) =>
      source === 'support' ? '全天候支持表单收到一条新消息。' : '联系页面收到一条新消息。',
    labels: {
      name: '姓名',
      email: '邮箱',
      phone: '电话',
      category: '类别',
      userType: '身份',
      contactMethod: '首选联系方式',
    },
    replyHint: '直接回复此邮件即可答复发件人。',
  },
  sms: {
    code: (code) => `您的 Abode 验证码是 ${code}，10 分钟内有效。`,
    resetCode: (code) => `Abode：您的密码重置验证码是 ${code}，10 分钟内有效。请勿告诉任何人。`,
    reset: (link) => `重置您的 Abode 密码（链接仅可使用一次，30 分钟内有效）：${link}`,
    changed: (link) => `您的 Abode 密码已更改。如非本人操作，请立即重置：${link}`,
    approved: (title, link) => `Abode：“${title}”已通过审核。${link}`,
    changesRejected: (title, reason, link) =>
      `Abode：您对“${title}”的修改未通过审核：${reason}。已批准的房源保持上线。${link}`,
    rejected: (title, reason, link) => `Abode：“${title}”未通过审核：${reason} ${link}`,
    videoReady: (name, link) => `Abode：您的视频“${name}”已就绪。${link}`,
    hiddenForReports: (title, link) => `Abode：“${title}”因租客举报正在审核，暂时隐藏。${link}`,
    removed: (title, reason, link) => `Abode：“${title}”已被移除：${reason} ${link}`,
    reportRemoved: (title) => `Abode：感谢您的举报，“${title}”已被移除。`,
    reportKept: (title) => `Abode：感谢您的举报。经审核，“${title}”将继续保留。`,
    verificationApproved: (kind, link) => `Abode：您的${kind}已通过认证。${link}`,
    verificationRejected: (kind, reason, link) => `Abode：您的${kind}未通过认证：${reason} ${link}`,
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode：“${title}”仍然可租吗？是：${availableLink} 已租出：${rentedLink}`,
    expired: (title, link) => `Abode：“${title}”已从搜索中移除（未确认）。续期：${link}`,
    // One UCS-2 segment is 70 characters, two links take 50 of them: the sender id says Abode.
    alertOne: (title, price, link, stop) => `新房源${title} ${price} ${link} 退订${stop}`,
    alertMany: (count, name, link, stop) => `“${name}”${count}个新房源 ${link} 退订${stop}`,
    priceDrop: (title, _was, now, link, stop) => `降价${title}：${now} ${link} 退订${stop}`,
  },
};
