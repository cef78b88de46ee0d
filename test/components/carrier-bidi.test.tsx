import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionResult } from '../../renderer/src/features/carriers/ConnectionResult.tsx';

afterEach(cleanup);

/** Issue 32, 2: the API's company name and number are bidi-isolated, so an override in them cannot reorder "· USDOT". */
describe('connection result with a right-to-left override in the company name', () => {
  it('shows name and number each in its own <bdi>', () => {
    render(<ConnectionResult result={{ ok: true, companyName: 'Acme \u202eFreight', dotNumber: '31\u202e48' }} />);
    const name = screen.getByTestId('connection-company');
    const dot = screen.getByTestId('connection-dot');
    expect(name.tagName).toBe('BDI');
    expect(name.textContent).toBe('Acme \u202eFreight');
    expect(dot.tagName).toBe('BDI');
    expect(name.parentElement!.textContent).toBe('Acme \u202eFreight · USDOT 31\u202e48');
  });
});
