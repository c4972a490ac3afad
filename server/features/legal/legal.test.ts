import { describe, expect, it } from 'vitest';
import { operatorSchema } from '#common/legal';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp } from '../../testing/test-app';

// Who runs the site, as the legal pages name it (issue 51): OPERATOR_* read where every
// variable is read, and answered to the pages (the server renders them with it).

const ghana = {
  name: 'Abode Ghana Limited',
  address: '12 Liberation Road, Airport Residential Area, Accra',
  jurisdiction: 'Ghana',
  disputeVenue: 'Accra, Ghana',
  email: 'legal@abode.example.gh',
};

describe('the operator in the configuration', () => {
  it('defaults to what the specification says: an LLC registered in California, arbitration in Los Angeles County', () => {
    expect(loadConfig({}).operator).toEqual({
      name: 'Abode LLC',
      address: 'California, United States',
      jurisdiction: 'California, United States',
      disputeVenue: 'Los Angeles County, California, United States',
      email: 'legal@abode.example',
    });
  });

  it('reads OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_JURISDICTION, OPERATOR_DISPUTE_VENUE and OPERATOR_EMAIL', () => {
    const config = loadConfig({
      OPERATOR_NAME: `  ${ghana.name} `,
      OPERATOR_ADDRESS: ghana.address,
      OPERATOR_JURISDICTION: ghana.jurisdiction,
      OPERATOR_DISPUTE_VENUE: ghana.disputeVenue,
      OPERATOR_EMAIL: 'Legal@Abode.example.gh',
    });
    expect(config.operator).toEqual(ghana);
    // Empty means not set, as for every variable.
    expect(loadConfig({ OPERATOR_NAME: '' }).operator.name).toBe('Abode LLC');
  });

  it('refuses an address that is not one line of text, and an e-mail that is none', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ OPERATOR_ADDRESS: '12 Liberation Road\nAccra' })).toEqual([
      'OPERATOR_ADDRESS: must be one line of text, without < or >',
    ]);
    expect(problems({ OPERATOR_NAME: '<b>Abode</b>' })).toEqual([
      'OPERATOR_NAME: must be one line of text, without < or >',
    ]);
    expect(problems({ OPERATOR_NAME: 'x'.repeat(201) })).toEqual([
      'OPERATOR_NAME: must be at most 200 characters',
    ]);
    expect(problems({ OPERATOR_EMAIL: 'legal at abode' })).toHaveLength(1);
  });
});

describe('GET /api/legal/operator', () => {
  it('answers anyone the configured operator, which caches may keep a while', async () => {
    const { app } = await createTestApp({ operator: ghana });
    const response = await app.inject({ method: 'GET', url: '/api/legal/operator' });
    expect(response.statusCode).toBe(200);
    expect(operatorSchema.parse(response.json())).toEqual(ghana);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
