import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';

/**
 * What an uploader hears when their video is ready (issue 35: a feature brings its notification
 * kinds; review.ts sends it): its template and its words in the five languages. The plugin
 * lists the template in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** An administrator approved a video (its edited version); `name` is the uploader's file name. */
    'video-ready': { firstName: string; name: string; link: string };
  }
}

type VideoStrings = {
  videoReady: { subject: string; ready: (name: string) => string; button: string };
  sms: { videoReady: (name: string, link: string) => string };
};

const en: VideoStrings = {
  videoReady: {
    subject: 'Your video is ready',
    ready: (name) =>
      `Your video “${name}” has been reviewed and is ready. Download it from My Videos.`,
    button: 'Open My Videos',
  },
  sms: {
    videoReady: (name, link) => `Abode: your video “${name}” is ready. ${link}`,
  },
};

const fr: VideoStrings = {
  videoReady: {
    subject: 'Votre vidéo est prête',
    ready: (name) =>
      `Votre vidéo « ${name} » a été examinée et elle est prête. Téléchargez-la depuis Mes vidéos.`,
    button: 'Ouvrir Mes vidéos',
  },
  sms: {
    videoReady: (name, link) => `Abode : votre vidéo « ${name} » est prête. ${link}`,
  },
};

const es: VideoStrings = {
  videoReady: {
    subject: 'Tu vídeo está listo',
    ready: (name) => `Tu vídeo «${name}» ya está revisado y listo. Descárgalo en Mis vídeos.`,
    button: 'Abrir Mis vídeos',
  },
  sms: {
    videoReady: (name, link) => `Abode: tu vídeo «${name}» está listo. ${link}`,
  },
};

const de: VideoStrings = {
  videoReady: {
    subject: 'Ihr Video ist fertig',
    ready: (name) =>
      `Ihr Video „${name}“ wurde geprüft und ist fertig. Sie können es unter „Meine Videos“ herunterladen.`,
    button: 'Meine Videos öffnen',
  },
  sms: {
    videoReady: (name, link) => `Abode: Ihr Video „${name}“ ist fertig. ${link}`,
  },
};

const zh: VideoStrings = {
  videoReady: {
    subject: '您的视频已就绪',
    ready: (name) => `您的视频“${name}”已审核完毕，可在“我的视频”中下载。`,
    button: '打开我的视频',
  },
  sms: {
    videoReady: (name, link) => `Abode：您的视频“${name}”已就绪。${link}`,
  },
};

const strings: Record<LanguageCode, VideoStrings> = { en, es, fr, de, zh };

export const videoNotifications: NotificationTemplates = {
  'video-ready': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].videoReady;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.ready(message.name) },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable((name) => strings[locale].sms.videoReady(name, message.link), message.name),
  },
};
