/** The second factor (TOTP + recovery codes) and step-up calls (docs/accounts-factors.md "Second factor"). */
import { loginResponse, recoveryCodes, secondFactorRemoved, secondFactorStatus, stepUpDone, totpSetup } from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { authPaths } from '../../shared/api/paths/users';
import { accountKeys } from './api';

const DEV = import.meta.env.DEV;

export const secondFactorApi = {
  // calls without a secret take part in the refresh dance (they are under /api/auth, which does not by default);
  // those that carry a code or a password do not (a 401 there is a wrong code, not an old token)
  status: () => api.get(authPaths.secondFactor, { refresh: true, schema: DEV && secondFactorStatus }),
  setup: () => api.post(authPaths.totpSetup, {}, { refresh: true, schema: DEV && totpSetup }),
  confirm: (code: string) => api.post(authPaths.totpConfirm, { code }, { schema: DEV && recoveryCodes }),
  regenerate: () => api.post(authPaths.recoveryCodes, {}, { refresh: true, schema: DEV && recoveryCodes }),
  disable: () => api.delete(authPaths.secondFactor, { refresh: true, schema: DEV && secondFactorRemoved }),
  /** the login's second step: the challenge from AUTH-1020 and a code */
  login: (challengeToken: string, code: string) =>
    api.post(authPaths.secondFactorLogin, { challengeToken, code }, { auth: false, schema: DEV && loginResponse }),
  stepUp: (body: { password: string } | { code: string }) => api.post(authPaths.stepUp, body, { schema: DEV && stepUpDone }),
};

export const secondFactorQuery = () => queryOptions({ queryKey: accountKeys.secondFactor(), queryFn: secondFactorApi.status });

export function useSecondFactorStatus() {
  return useQuery(secondFactorQuery());
}
