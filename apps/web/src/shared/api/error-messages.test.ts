import { ERROR_CATALOGUE, ERROR_CODES } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES, KEYWORD_MESSAGES, toPublicContentMessage, toUserMessage } from './error-messages';

describe('toUserMessage', () => {
  it.each(ERROR_CODES)('maps catalogue code %s to its Korean and English message', (code) => {
    expect(toUserMessage({ code, message: 'whatever the server said' })).toBe(ERROR_CATALOGUE[code].ko);
    expect(toUserMessage({ code }, 'en')).toBe(ERROR_CATALOGUE[code].en);
  });

  const known: Array<[string, string]> = [
    ['Bad credentials', GENERIC_MESSAGES.badCredentials.ko],
    ['User account is disabled', GENERIC_MESSAGES.disabled.ko],
    ['Token has been revoked', GENERIC_MESSAGES.revoked.ko],
    ['Token expired', GENERIC_MESSAGES.tokenExpired.ko],
    ['JWT expired', GENERIC_MESSAGES.tokenExpired.ko],
    ['Invalid token', GENERIC_MESSAGES.tokenInvalid.ko],
    ['User not found', GENERIC_MESSAGES.userNotFound.ko],
    ['Email already registered', GENERIC_MESSAGES.alreadyRegistered.ko],
    ['Already registered', GENERIC_MESSAGES.alreadyRegistered.ko],
    ['Required fields missing', GENERIC_MESSAGES.requiredFields.ko],
    ['HTTP 400', GENERIC_MESSAGES.http400.ko],
    ['HTTP 401', GENERIC_MESSAGES.http401.ko],
    ['HTTP 403', GENERIC_MESSAGES.http403.ko],
    ['HTTP 404', GENERIC_MESSAGES.http404.ko],
    ['HTTP 500', GENERIC_MESSAGES.http500.ko],
    ['Request failed with status code 404', GENERIC_MESSAGES.http404.ko],
  ];
  it.each(known)('maps the known English message "%s"', (message, expected) => {
    expect(toUserMessage({ message })).toBe(expected);
  });

  const keywords: Array<[string, string]> = [
    ['Study already exists', GENERIC_MESSAGES.alreadyExists.ko],
    ['Application not found', GENERIC_MESSAGES.notFound.ko],
    ['invalid slug given', GENERIC_MESSAGES.invalid.ko],
    ['title is required', GENERIC_MESSAGES.required.ko],
    ['payment window expired', GENERIC_MESSAGES.expired.ko],
    ['Unauthorized access', GENERIC_MESSAGES.unauthorized.ko],
    ['Forbidden for this role', GENERIC_MESSAGES.forbidden.ko],
    ['Upload failed', GENERIC_MESSAGES.failed.ko],
    ['Gateway timeout', GENERIC_MESSAGES.timeout.ko],
    ['duplicate key value', GENERIC_MESSAGES.duplicate.ko],
  ];
  it.each(keywords)('maps the keyword in "%s"', (message, expected) => {
    expect(toUserMessage({ message })).toBe(expected);
  });

  it('covers every keyword pattern', () => {
    expect(keywords.length).toBe(KEYWORD_MESSAGES.length);
  });

  it('falls back to a generic retry-later message', () => {
    expect(toUserMessage({ message: 'Something odd happened' })).toBe(GENERIC_MESSAGES.fallback.ko);
    expect(toUserMessage({})).toBe(GENERIC_MESSAGES.fallback.ko);
    expect(toUserMessage({ message: 'Something odd happened' }, 'en')).toBe(GENERIC_MESSAGES.fallback.en);
  });

  it('keeps a message that is already Korean, and maps transport failures and bare statuses', () => {
    expect(toUserMessage({ message: '스터디 정원이 가득 찼습니다.' })).toBe('스터디 정원이 가득 찼습니다.');
    expect(toUserMessage({ kind: 'timeout' })).toBe(GENERIC_MESSAGES.timeout.ko);
    expect(toUserMessage({ kind: 'network' })).toBe(GENERIC_MESSAGES.network.ko);
    expect(toUserMessage({ status: 403 })).toBe(GENERIC_MESSAGES.http403.ko);
    expect(toUserMessage({ status: 502 })).toBe(GENERIC_MESSAGES.serverProblem.ko);
  });
});

describe('toPublicContentMessage', () => {
  it('says could not load content for 401/403, server problem for 5xx, timed out, check network', () => {
    expect(toPublicContentMessage({ status: 401 })).toBe('콘텐츠를 불러올 수 없습니다.');
    expect(toPublicContentMessage({ status: 403 })).toBe('콘텐츠를 불러올 수 없습니다.');
    expect(toPublicContentMessage({ status: 503, code: 'SYS-5003' })).toBe(GENERIC_MESSAGES.serverProblem.ko);
    expect(toPublicContentMessage({ kind: 'timeout' })).toBe(GENERIC_MESSAGES.timeout.ko);
    expect(toPublicContentMessage({ kind: 'network' })).toBe(GENERIC_MESSAGES.network.ko);
  });
});
