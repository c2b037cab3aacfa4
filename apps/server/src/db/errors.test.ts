import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation, uniqueViolation } from './errors.ts';

const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error(`duplicate key value violates "${constraint}"`), { code, constraint });

describe('PostgreSQL error checks', () => {
  it('finds a unique violation on the driver error and inside the ORM wrapper', () => {
    const raw = driverError('23505', 'studies_slug_idx');
    const wrapped = new Error('Failed query', { cause: raw });
    expect(isUniqueViolation(raw)).toBe(true);
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(uniqueViolation(wrapped)).toBe('studies_slug_idx');
  });

  it('matches a named index only when that index was broken', () => {
    const err = new Error('Failed query', { cause: driverError('23505', 'studies_slug_idx') });
    expect(isUniqueViolation(err, 'studies_slug_idx')).toBe(true);
    expect(isUniqueViolation(err, 'study_applications_open_idx')).toBe(false);
  });

  it('tells other errors apart', () => {
    const fk = new Error('Failed query', { cause: driverError('23503', 'fk') });
    expect(isUniqueViolation(fk)).toBe(false);
    expect(uniqueViolation(fk)).toBeNull();
    expect(isForeignKeyViolation(fk)).toBe(true);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
