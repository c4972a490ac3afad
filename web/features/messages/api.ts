import { useMutation } from '@tanstack/react-query';
import { sentSchema, type ContactMessage, type SupportMessage } from '#common/inbox';
import { apiRequest } from '../../lib/api-client';

/** The support and contact forms (anyone may send; the server keeps and forwards them). */
export async function sendSupportMessage(body: SupportMessage) {
  return sentSchema.parse(await apiRequest('POST', '/api/support/message', body));
}

export async function sendContactMessage(body: ContactMessage) {
  return sentSchema.parse(await apiRequest('POST', '/api/contact/message', body));
}

export const useSendSupportMessage = () => useMutation({ mutationFn: sendSupportMessage });
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
