import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, signedOut, stubApi } from '../../test/render-app.js';

describe('landing footer (PRODUCT §2)', () => {
  it('makes the developer credit a link to the team’s story', async () => {
    stubApi({ get: { '/api/user': signedOut } });
    renderApp('/');
    const credit = await screen.findByRole('link', { name: 'the LittleLoop team' });
    expect(credit.getAttribute('href')).toBe('/who-we-are');
  });
});
