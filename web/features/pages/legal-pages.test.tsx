import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Operator } from '#common/legal';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import PrivacyPolicyPage, { privacyPolicySections } from './privacy-policy-page';
import TermsOfServicePage, { termsOfServiceSections } from './terms-of-service-page';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const pages = [
  {
    name: 'privacy policy',
    Page: PrivacyPolicyPage,
    path: '/privacy-policy',
    title: 'Privacy Policy',
    date: 'July 26, 2025',
    sections: privacyPolicySections,
    headings: [
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. Sharing and Disclosure',
      '5. Data Security',
      '6. Data Retention',
      '7. Your Rights and Choices',
      '8. International Data Transfers',
      "9. Children's Privacy",
      '10. State-Specific and Regional Rights',
      '11. Changes to This Policy',
      '12. Contact Us',
    ],
  },
  {
    name: 'terms of service',
    Page: TermsOfServicePage,
    path: '/terms-of-service',
    title: 'Terms of Service',
    date: 'July 25, 2025',
    sections: termsOfServiceSections,
    headings: [
      '1. Acceptance of Terms',
      '2. Description of Service',
      '3. Eligibility and Account Registration',
      '4. User Obligations and Prohibited Conduct',
      '5. Host Obligations',
      '6. Guest Obligations',
      '7. Platform Service and Limitations',
      '8. Contact Policies',
      '9. Intellectual Property',
      '10. Privacy',
      '11. Disclaimers and Limitation of Liability',
      '12. Indemnification',
      '13. Dispute Resolution and Governing Law',
      '14. Termination',
      '15. Force Majeure',
      '16. Modifications to These Terms',
      '17. Severability',
      '18. Entire Agreement',
      '19. Contact Information',
      '20. Additional Provisions',
    ],
  },
];

/** The operator as the server configures it by default (the specification's). */
const specOperator: Operator = {
  name: 'Abode LLC',
  address: 'California, United States',
  jurisdiction: 'California, United States',
  disputeVenue: 'Los Angeles County, California, United States',
  email: 'legal@abode.example',
};

function open(page: (typeof pages)[number], operator: Operator = specOperator) {
  const api = mockApi({ 'GET /api/legal/operator': () => json(operator) });
  const { Page, path } = page;
  return { ...renderRoute(<Page />, { path, url: path }), api };
}

describe.each(pages)('$name page', (page) => {
  it('shows one title, both dates in the reader’s format, and the numbered sections in order', async () => {
    open(page);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(page.title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // Set by an effect after the page paints, which a busy machine may not have run yet.
    await waitFor(() => expect(document.title).toBe(`${page.title} · Abode`));

    const dates = screen.getAllByRole('definition');
    expect(dates.map((d) => d.textContent)).toEqual([page.date, page.date]);
    expect(screen.getByText('Effective date:')).toBeTruthy();
    expect(screen.getByText('Last updated:')).toBeTruthy();

    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(page.headings);
    expect(headings.map((h) => h.id)).toEqual([...page.sections]);
  });

  it('lists every section in its contents, each linking to its heading', async () => {
    open(page);
    const contents = within(await screen.findByRole('navigation', { name: 'Contents' }));
    const links = contents.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(page.headings);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      page.sections.map((id) => `#${id}`),
    );
    for (const id of page.sections) expect(document.getElementById(id)?.tagName).toBe('H2');
  });

  it('goes back home, and links the contact addresses', async () => {
    open(page);
    const home = await screen.findByRole('link', { name: 'Back to Home' });
    expect(home.getAttribute('href')).toBe('/');
    const mail = screen.getAllByRole('link', { name: /@abode\.example$/ });
    expect(mail.length).toBeGreaterThan(0);
    for (const link of mail) {
      expect(link.getAttribute('href')).toBe(`mailto:${link.textContent}`);
    }
  });

  it('reads in another language, dates included', async () => {
    await i18next.changeLanguage('fr');
    open(page);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    const day = page.date.startsWith('July 26') ? '26' : '25';
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      `${day} juillet 2025`,
      `${day} juillet 2025`,
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(page.headings.length);
    expect(headings[0]!.textContent).toMatch(/^1\. /);
    expect(headings.map((h) => h.textContent)).not.toEqual(page.headings);
  });
});

describe('legal texts', () => {
  it('state the retention periods of the privacy policy', async () => {
    open(pages[0]!);
    const retention = (await screen.findByRole('heading', { name: '6. Data Retention' }))
      .parentElement!.textContent!;
    expect(retention).toMatch(/7 years after it is deleted/);
    expect(retention).toMatch(/Payment information: typically 7 years/);
    expect(retention).toMatch(/3 years after your last interaction/);
    expect(retention).toMatch(/Usage data: 2 years/);
    expect(retention).toMatch(/truncated/);
  });

  it('state the eligibility rules, the liability cap and arbitration in Los Angeles County', async () => {
    open(pages[1]!);
    const section = async (name: string) =>
      (await screen.findByRole('heading', { name })).parentElement!.textContent!;
    expect(await section('3. Eligibility and Account Registration')).toMatch(/at least 18/);
    expect(await section('11. Disclaimers and Limitation of Liability')).toMatch(
      /amounts you paid to Abode in the 12 months/,
    );
    const disputes = await section('13. Dispute Resolution and Governing Law');
    expect(disputes).toMatch(/arbitration in Los Angeles County, California/);
    expect(disputes).toMatch(/governed by the laws of California, United States/);
    expect(disputes).toMatch(/Class action waiver/);
  });
});

/** The text of the section under the heading named so. */
async function sectionText(name: string | RegExp): Promise<string> {
  return (await screen.findByRole('heading', { level: 2, name })).parentElement!.textContent!;
}

/** The parts of a section under the h3 named so, up to the next h3. */
function subsection(section: HTMLElement, name: string): string {
  const heading = within(section).getByRole('heading', { level: 3, name });
  let text = '';
  for (let node = heading.nextElementSibling; node && node.tagName !== 'H3';) {
    text += `${node.textContent} `;
    node = node.nextElementSibling;
  }
  return text;
}

// Issue 51: who runs the site comes from the server's configuration (OPERATOR_*), and the
// pages say what a Ghana-first marketplace owes its users.
describe('the operator, from the configuration', () => {
  const ghana: Operator = {
    name: 'Abode Ghana Limited',
    address: '12 Liberation Road, Airport Residential Area, Accra',
    jurisdiction: 'Ghana',
    disputeVenue: 'Accra, Ghana',
    email: 'legal@abode.example.gh',
  };

  it('is named by the privacy policy: who runs Abode, where it is registered, its address and e-mail', async () => {
    const { api } = open(pages[0]!, ghana);
    expect(await sectionText('1. Introduction')).toContain(
      'Abode is run by Abode Ghana Limited, registered in Ghana, which is responsible for your personal information (its data controller).',
    );
    expect(await sectionText('10. State-Specific and Regional Rights')).toContain(
      'Abode Ghana Limited is the data controller',
    );
    const contact = await sectionText('12. Contact Us');
    expect(contact).toContain('Legal matters: legal@abode.example.gh');
    expect(contact).toContain(
      'Abode is run by Abode Ghana Limited. Registered address: 12 Liberation Road, Airport Residential Area, Accra.',
    );
    expect(screen.getByRole('link', { name: 'legal@abode.example.gh' }).getAttribute('href')).toBe(
      'mailto:legal@abode.example.gh',
    );
    // Nothing of the default operator is left.
    expect(document.body.textContent).not.toMatch(/Abode LLC|legal@abode\.example(?!\.gh)/);
    expect(api.calls('GET', '/api/legal/operator')).toHaveLength(1);
  });

  it('is named by the terms: the party to them, the governing law, the venue and the contact', async () => {
    open(pages[1]!, ghana);
    expect(await sectionText('1. Acceptance of Terms')).toContain(
      'an agreement between you and Abode Ghana Limited, registered in Ghana, which runs Abode',
    );
    const disputes = await sectionText('13. Dispute Resolution and Governing Law');
    expect(disputes).toContain('governed by the laws of Ghana');
    expect(disputes).toContain('write to us first at legal@abode.example.gh');
    expect(disputes).toContain('binding arbitration in Accra, Ghana,');
    expect(disputes).not.toMatch(/California|Los Angeles/);
    const contact = await sectionText('19. Contact Information');
    expect(contact).toContain(
      'Operator: Abode Ghana Limited (registered address: 12 Liberation Road, Airport Residential Area, Accra)',
    );
    expect(contact).toContain('Legal matters: legal@abode.example.gh');
  });

  it('defaults to the specification’s: a limited liability company registered in California', async () => {
    open(pages[1]!);
    expect(await sectionText('1. Acceptance of Terms')).toContain(
      'between you and Abode LLC, registered in California, United States, which runs Abode',
    );
  });

  it('stands as written in another language, between the translated words', async () => {
    await i18next.changeLanguage('de');
    open(pages[1]!, ghana);
    const disputes = await sectionText(/^13\. /);
    expect(disputes).toContain('Diese Bedingungen unterliegen dem Recht von Ghana');
    expect(disputes).toContain('Schiedsverfahren in Accra, Ghana vor');
  });

  it('could not be read: the page says so and tries again', async () => {
    let answer: Response = new Response('{}', { status: 503 });
    mockApi({ 'GET /api/legal/operator': () => answer });
    renderRoute(<PrivacyPolicyPage />, { path: '/privacy-policy', url: '/privacy-policy' });
    expect((await screen.findByRole('alert')).textContent).toBe('This page could not be loaded.');
    answer = json(ghana);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await sectionText('1. Introduction')).toContain('Abode Ghana Limited');
  });
});

describe('what a Ghana-first marketplace owes its users', () => {
  it('the privacy policy: Act 843 and the Data Protection Commission, beside California and Europe', async () => {
    open(pages[0]!);
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: '10. State-Specific and Regional Rights',
    });
    const section = heading.parentElement!;
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Users in Ghana', 'California residents', 'European residents']);
    const ghana = subsection(section, 'Users in Ghana');
    expect(ghana).toContain('the Data Protection Act, 2012 (Act\u00a0843) protects');
    expect(ghana).toContain(
      'Abode LLC is the data controller of the personal information the Service processes, and registers as such with the Data Protection Commission',
    );
    // The rights Act 843 gives: access, correction and deletion, objection, a complaint.
    expect(ghana).toContain('access the personal information we hold about you');
    expect(ghana).toContain('correct or delete personal information about you');
    expect(ghana).toContain('object to our processing of your personal information');
    expect(ghana).toContain('complain to the Data Protection Commission (dataprotection.org.gh)');
    expect(subsection(section, 'California residents')).toContain(
      'California Consumer Privacy Act',
    );
    expect(subsection(section, 'European residents')).toContain('data protection authority');
  });

  it('the terms: the Rent Act’s six months of advance rent, for listers and for renters', async () => {
    open(pages[1]!);
    const host = await sectionText('5. Host Obligations');
    expect(host).toContain(
      'the Rent Act, 1963 (Act\u00a0220), section 25, makes it an offence for a landlord to demand or receive more than six months’ rent in advance for a monthly tenancy',
    );
    expect(host).toContain('Abode does not allow a listing to misrepresent this limit');
    expect(host).toContain('not legal advice');
    const guest = await sectionText('6. Guest Obligations');
    expect(guest).toContain('more than six months’ rent in advance');
    expect(guest).toContain('you may report the listing with “Report this listing” on its page');
    expect(guest).toContain('This is not legal advice');
  });

  it.each(['fr', 'de', 'es', 'zh'])('says the same in %s', async (language) => {
    await i18next.changeLanguage(language);
    open(pages[0]!);
    const rights = await sectionText(/^10\. /);
    expect(rights).toContain('Act\u00a0843');
    expect(rights).toContain('Data Protection Commission');
    expect(rights).toContain('dataprotection.org.gh');
    expect(rights).toContain('Abode LLC');
  });

  it.each(['fr', 'de', 'es', 'zh'])('the terms name the Rent Act in %s', async (language) => {
    await i18next.changeLanguage(language);
    open(pages[1]!);
    expect(await sectionText(/^5\. /)).toMatch(/Rent Act, 1963.*Act\u00a0220/);
    const guest = await sectionText(/^6\. /);
    expect(guest).toContain('Act\u00a0220');
    expect(guest).toContain(i18next.t('reports.button'));
  });
});
