import { describe, expect, it } from 'vitest';
import { CarriersFileError, MAX_CARRIERS, parseCarriersFile } from '../../shared/lake/carriers-file.ts';

const HEADER = 'name,home_zone,company_key\n';
const parse = (body: string) => parseCarriersFile(HEADER + body);
const refused = (text: string) => {
  try {
    parseCarriersFile(text);
  } catch (err) {
    expect(err).toBeInstanceOf(CarriersFileError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('parseCarriersFile', () => {
  it('reads each reference kind, zones in canonical case, quoted names with commas, blank lines skipped', () => {
    const rows = parse(
      '"Acme, Inc",america/chicago,env:ACME_KEY\n\nBeta,UTC,keychain:beta-freight\r\nGamma,Europe/Paris,file:keys/gamma.key\n',
    );
    expect(rows).toEqual([
      { row: 2, name: 'Acme, Inc', homeZone: 'America/Chicago', key: { source: 'env', name: 'ACME_KEY' } },
      { row: 4, name: 'Beta', homeZone: 'UTC', key: { source: 'keychain', name: 'beta-freight' } },
      { row: 5, name: 'Gamma', homeZone: 'Europe/Paris', key: { source: 'file', name: 'keys/gamma.key' } },
    ]);
  });

  it.each([
    [
      'a key pasted in place of a reference',
      'Acme,UTC,sk_live_123',
      /^Row 2: company_key must say where the key is kept/,
    ],
    ['an unknown source', 'Acme,UTC,vault:acme', /^Row 2: company_key must say where/],
    ['an empty reference', 'Acme,UTC,env:', /^Row 2: company_key "env:" names nothing/],
    ['a bad variable name', 'Acme,UTC,env:1ACME', /^Row 2: "1ACME" is not an environment variable name\.$/],
    [
      'an upper-case keychain id',
      'Acme,UTC,keychain:Acme',
      /^Row 2: keychain entries are named by a lower-case carrier id/,
    ],
    ['an unknown zone', 'Acme,Mars/Olympus,env:A', /^Row 2: home_zone "Mars\/Olympus" is not an IANA time zone/],
    ['a missing cell', 'Acme,UTC', /^Row 2 has 2 cells; expected 3/],
    ['an empty name', ',UTC,env:A', /^Row 2: the name must not be empty\.$/],
    ['a name listed twice', 'Acme,UTC,env:A\nacme,UTC,env:B', /^Row 3: carrier "acme" is listed twice\.$/],
  ])('refuses %s, naming the row', (_what, body, message) => {
    expect(refused(HEADER + body)).toMatch(message);
  });

  it('refuses a wrong header, no carriers, broken CSV, too many rows and too many bytes', () => {
    expect(refused('name,zone,key\nA,UTC,env:A')).toMatch(/must start with the header "name,home_zone,company_key"/);
    expect(refused(HEADER)).toBe('The carriers file lists no carriers.');
    expect(refused(HEADER + '"Acme,UTC,env:A')).toMatch(/^The carriers file is not valid CSV/);
    const many = Array.from({ length: MAX_CARRIERS + 1 }, (_, i) => `C${i},UTC,env:K`).join('\n');
    expect(refused(HEADER + many)).toMatch(/lists 2001 carriers; at most 2000/);
    expect(refused(HEADER + 'x'.repeat(300 * 1024))).toMatch(/larger than 256 KB/);
  });
});
