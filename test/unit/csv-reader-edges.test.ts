/**
 * parseCsv / parseBreadcrumbCsv (csv.ts): every parse error with its exact
 * message and row number, written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseBreadcrumbCsv, parseCsv } from '../../shared/export/csv.ts';
import { crumbAt } from '../support/crumbs.ts';

const HEAD = 'id,timestamp,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n';
const HEAD_LOCAL =
  'id,timestamp,local_time,lat,lng,speed_mph,status,direction,vehicle_number,vin,calc_location,outlier\r\n';
const ROW = 'a1,2026-05-01T13:04:05Z,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Dallas,false\r\n';

describe('parseCsv', () => {
  it('reads quoted cells followed by comma, CR, LF and the end', () => {
    expect(parseCsv('"a,b","c""d"\r\n"e"\n"f"')).toEqual([['a,b', 'c"d'], ['e'], ['f']]);
  });
  it('throws on a quote opened at the very end', () => {
    expect(() => parseCsv('a,"')).toThrow(new SyntaxError('CSV: unterminated quoted cell'));
  });
  it('throws on a quote never closed', () => {
    expect(() => parseCsv('a,"bc')).toThrow(new SyntaxError('CSV: unterminated quoted cell'));
  });
  it('throws on a doubled quote at the very end', () => {
    expect(() => parseCsv('"ab""')).toThrow(new SyntaxError('CSV: unterminated quoted cell'));
  });
  it('throws on text after a closing quote, with its offset', () => {
    expect(() => parseCsv('"ab"x,c')).toThrow(new SyntaxError('CSV: text after a closing quote at offset 4'));
    expect(() => parseCsv('z,"ab" ')).toThrow(new SyntaxError('CSV: text after a closing quote at offset 6'));
  });
  it('keeps a stray quote inside an unquoted cell', () => {
    expect(parseCsv('ab"c,d\r\n')).toEqual([['ab"c', 'd']]);
  });
});

describe('parseBreadcrumbCsv errors', () => {
  it('rejects an unknown header', () => {
    expect(() => parseBreadcrumbCsv('id,timestamp\r\n')).toThrow(new SyntaxError('CSV: unexpected header'));
    expect(() => parseBreadcrumbCsv('')).toThrow(new SyntaxError('CSV: unexpected header'));
  });
  it('rejects a row of the wrong width, numbered from the header', () => {
    expect(() => parseBreadcrumbCsv(HEAD + ROW + 'a2,x\r\n')).toThrow(new SyntaxError('CSV: row 3 has 2 cells'));
    expect(() => parseBreadcrumbCsv(HEAD + 'a2\r\n')).toThrow(new SyntaxError('CSV: row 2 has 1 cells'));
  });
  it('rejects a bad outlier cell', () => {
    const bad = 'a2,2026-05-01T13:05:05Z,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Dallas,yes\r\n';
    expect(() => parseBreadcrumbCsv(HEAD + ROW + bad)).toThrow(new SyntaxError('CSV: row 3 has outlier "yes"'));
    const empty = 'a2,2026-05-01T13:05:05Z,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Dallas,\r\n';
    expect(() => parseBreadcrumbCsv(HEAD + empty)).toThrow(new SyntaxError('CSV: row 2 has outlier ""'));
  });
  it('accepts outlier true and false', () => {
    const yes = 'a2,2026-05-01T13:05:05Z,40.5,-97.1,12,STATIONARY,90,T-1,VIN1,Dallas,true\r\n';
    expect(parseBreadcrumbCsv(HEAD + ROW + yes).map((b) => b.id)).toEqual(['a1', 'a2']);
  });
  it('rejects an unknown status, after stripping one neutralising quote', () => {
    const bad = "a2,2026-05-01T13:05:05Z,40.5,-97.1,12,'=MOVING,90,T-1,VIN1,Dallas,false\r\n";
    expect(() => parseBreadcrumbCsv(HEAD + ROW + bad)).toThrow(new SyntaxError('CSV: row 3 has status "=MOVING"'));
  });
  it('rejects a local_time of another instant, with its row', () => {
    const a = 'a1,2026-05-01T13:04:05Z,2026-05-01T08:04:05-05:00,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Dallas,false\r\n';
    const b = 'a2,2026-05-01T13:05:05Z,2026-05-01T08:04:05-05:00,40.5,-97.1,12,IN_MOTION,90,T-1,VIN1,Dallas,false\r\n';
    expect(() => parseBreadcrumbCsv(HEAD_LOCAL + a + b)).toThrow(
      new SyntaxError('CSV: row 3 has local_time "2026-05-01T08:04:05-05:00" for 2026-05-01T13:05:05Z'),
    );
    expect(parseBreadcrumbCsv(HEAD_LOCAL + a)).toEqual([crumbAt('a1', 245, 'Dallas')]);
  });
});
