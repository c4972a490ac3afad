import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../../testing/render';
import { ResponseTimeLine } from './contact-actions';

beforeAll(() => i18nReady);

// The server gives a median only when it is true of the lister (issue 50:
// common/conversations.ts publicResponseTime); the line says what it was given.
describe('the lister’s response line', () => {
  it('says "usually replies within" with the share when a median is given', () => {
    render(
      <ResponseTimeLine responseTime={{ medianMinutes: 90, replyRate: 0.8, conversations: 6 }} />,
    );
    expect(screen.getByText(/Usually replies within 2 hours/)).toBeTruthy();
    expect(screen.getByText('Answers 80% of enquiries within a day')).toBeTruthy();
  });

  it('says only the share answered when no median is given', () => {
    const { container } = render(
      <ResponseTimeLine
        responseTime={{ medianMinutes: null, replyRate: 0.03, conversations: 30 }}
      />,
    );
    expect(container.textContent).toBe('Answers 3% of enquiries within a day');
  });

  it('says nothing without signals (under 3 enquiries)', () => {
    const { container } = render(<ResponseTimeLine responseTime={null} />);
    expect(container.innerHTML).toBe('');
  });
});
