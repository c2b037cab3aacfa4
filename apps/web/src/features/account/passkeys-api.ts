/** The signed-in member's passkeys (/api/auth/passkeys) and their query hook. */
import { passkey, passkeyList, passkeyOptions, passkeyRemoved, type Passkey } from '@moim/contract';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { authPaths } from '../../shared/api/paths/users';
import { accountKeys } from './api';

const DEV = import.meta.env.DEV;

export const passkeysQuery = () =>
  queryOptions({ queryKey: accountKeys.passkeys(), queryFn: () => api.get(authPaths.passkeys, { schema: DEV && passkeyList }) });

export function usePasskeys() {
  return useQuery(passkeysQuery());
}

export const passkeysApi = {
  /** Options from the server, the browser's dialog (PIN, fingerprint, face), the answer back. */
  async add(): Promise<Passkey> {
    const { options } = await api.post(authPaths.passkeyRegisterOptions, {}, { schema: DEV && passkeyOptions });
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return api.post(authPaths.passkeyRegisterVerify, { response }, { schema: DEV && passkey });
  },
  rename: (id: string, name: string) => api.patch(authPaths.passkey(id), { name }, { schema: DEV && passkey }),
  remove: (id: string) => api.delete(authPaths.passkey(id), { schema: DEV && passkeyRemoved }),
};
